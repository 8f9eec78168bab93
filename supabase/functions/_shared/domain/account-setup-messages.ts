// The two docs/product.md §8 toasts the always-loaded session bridge shows. Kept apart from messages.ts (which
// re-exports them) because a bundler puts a shared module whole into the first-paint chunk.
export type Toast = { readonly title: string; readonly description?: string };

export const PROFILE_SETUP_INCOMPLETE: Toast = { title: 'Profile setup incomplete', description: 'Please contact support if this persists.' };
export const ROLE_SETUP_INCOMPLETE: Toast = { title: 'Role setup incomplete', description: 'Please contact support if this persists.' };
