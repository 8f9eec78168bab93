// Where a user goes after signing in, and the name a missing profile gets (docs/product.md §4 Sign-in routing).
import type { UserRole } from './constants.ts';

/** Only same-site paths are followed, so `?redirect=` cannot send anyone to another origin. */
export function safeRedirectPath(redirect: string | null | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  return redirect;
}

export function postSignInPath(account: { role: UserRole; onboardingComplete: boolean; redirect?: string | null }): string {
  if (!account.onboardingComplete) return account.role === 'host' ? '/host-onboarding' : '/onboarding';
  return safeRedirectPath(account.redirect) ?? '/dashboard';
}

/** full_name metadata, else the stored signup name, else the part of the e-mail before @, else User. */
export function profileNameFor(sources: { fullName?: unknown; signupName?: string | null; email?: string | null }): string {
  const candidates = [typeof sources.fullName === 'string' ? sources.fullName : '', sources.signupName ?? '', sources.email?.split('@')[0] ?? ''];
  return candidates.map((candidate) => candidate.trim()).find((candidate) => candidate.length > 0) ?? 'User';
}
