import { useState } from 'react';
import { useSearch } from 'wouter';
import { resendSignUpConfirmation } from '../../remote/account.ts';
import { authFailureToast } from './auth-feedback.ts';
import { confirmationLandingUrl } from './confirmation-landing.ts';

export interface ResendState {
  resend(): Promise<void>;
  isBusy: boolean;
  /** what the last press did: sent, or the auth server's refusal in words (e.g. how long to wait) */
  outcome: { kind: 'sent' } | { kind: 'refused'; text: string } | null;
}

/** "Resend email": mails the confirmation link again, landing where this sign-up was headed. */
export function useResendConfirmation(email: string): ResendState {
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const [isBusy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ResendState['outcome']>(null);

  async function resend() {
    setBusy(true);
    try {
      await resendSignUpConfirmation(email, confirmationLandingUrl(window.location.origin, redirect));
      setOutcome({ kind: 'sent' });
    } catch (error) {
      const failure = authFailureToast(error);
      setOutcome({ kind: 'refused', text: failure.description ?? failure.title });
    } finally {
      setBusy(false);
    }
  }

  return { resend, isBusy, outcome };
}
