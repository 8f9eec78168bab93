import { useLocation, useSearch } from 'wouter';
import { postSignInPath } from '../../domain/sign-in-routing';
import type { AccountState } from '../../remote/account';

/** Navigates by the SPEC §4 routing rules, honouring `/auth?redirect=`. */
export function useSignInRouting(): (account: AccountState) => void {
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  return (account) => {
    navigate(postSignInPath({ role: account.role ?? 'guest', onboardingComplete: account.profile?.onboarding_complete ?? false, redirect }), { replace: true });
  };
}
