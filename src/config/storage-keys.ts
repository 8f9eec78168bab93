// Browser storage keys of docs/product.md §3, in one place so every reader and writer agrees.
export const localKeys = {
  signupName: 'signup_name',
  signupRole: 'signup_role',
  userName: 'user_name',
  postOnboardingRedirect: 'postOnboardingRedirect',
  pendingBooking: 'pendingBooking',
  /** When the person last said "Not now" to turning notifications on (ms since epoch). */
  pushPromptDismissedAt: 'pushPromptDismissedAt',
} as const;

export const sessionKeys = {
  lastSearchParams: 'lastSearchParams',
  /** The booking whose failed monthly payment the guest went to pay (Pay now), for the return to the dashboard. */
  payNowBooking: 'payNowBooking',
} as const;
