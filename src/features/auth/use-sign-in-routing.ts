import { useLocation, useSearch } from 'wouter';
import { localKeys } from '../../config/storage-keys.ts';
import { postSignInPath, safeRedirectPath } from '../../domain/sign-in-routing.ts';
import type { AccountState } from '../../remote/account.ts';

/** Navigates by the docs/product.md §4 routing rules, honouring `/auth?redirect=`. */
export function useSignInRouting(): (account: AccountState) => void {
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  return (account) => {
    const isOnboarded = account.profile?.onboarding_complete ?? false;
    // The onboarding's Finish goes where the user was headed (docs/product.md §3 postOnboardingRedirect).
    const saved = safeRedirectPath(redirect);
    if (!isOnboarded && saved) localStorage.setItem(localKeys.postOnboardingRedirect, saved);
    navigate(postSignInPath({ role: account.role ?? 'guest', onboardingComplete: isOnboarded, redirect }), { replace: true });
  };
}
