// Browser storage keys of docs/product.md §3, in one place so every reader and writer agrees.
export const localKeys = {
  signupName: 'signup_name',
  signupRole: 'signup_role',
  userName: 'user_name',
  postOnboardingRedirect: 'postOnboardingRedirect',
  pendingBooking: 'pendingBooking',
} as const;

export const sessionKeys = {
  lastSearchParams: 'lastSearchParams',
} as const;
