import { Button } from '../../../ui/button/button.tsx';
import { useResendConfirmation } from '../use-resend-confirmation.ts';
import * as styles from './auth-forms.css.ts';

/** The Resend button and what its last press did, announced politely. */
export function ResendConfirmation({ email, variant = 'secondary' }: { email: string; variant?: 'secondary' | 'ghost' }) {
  const { resend, isBusy, outcome } = useResendConfirmation(email);
  return (
    <div className={styles.resend}>
      <Button variant={variant} isFullWidth isPending={isBusy} onPress={() => void resend()}>
        Resend email
      </Button>
      <p className={styles.resendOutcome} role="status">
        {outcome?.kind === 'sent' ? `We've sent a new link to ${email}.` : outcome?.kind === 'refused' ? outcome.text : ''}
      </p>
    </div>
  );
}
