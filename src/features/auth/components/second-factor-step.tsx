import { useState, type FormEvent } from 'react';
import { currentUser, verifySecondFactor } from '../../../remote/account.ts';
import { Button } from '../../../ui/button/button.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { authFailureToast } from '../auth-feedback.ts';
import * as styles from './auth-forms.css.ts';

const codePattern = /^\d{6}$/;

interface SecondFactorStepProps {
  onVerified: (user: { id: string; email: string | null }) => Promise<void>;
  /** Signs the password-only session out, to start again or use another account. */
  onCancel?: () => void;
}

/**
 * The aal2 step at sign-in, and again after a reload, when the user has a verified TOTP factor
 * (docs/product.md §4 MFA, docs/decisions/mfa-second-factor-step.md): nothing of theirs loads before it.
 */
export function SecondFactorStep({ onVerified, onCancel }: SecondFactorStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!codePattern.test(trimmed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await verifySecondFactor(trimmed);
      const user = await currentUser();
      if (user) await onVerified({ id: user.id, email: user.email ?? null });
    } catch (failure) {
      const message = authFailureToast(failure);
      toast.error(message.title, message.description);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Two-factor authentication">
      <p className={styles.status}>Your account is protected with two-factor authentication.</p>
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        isRequired
        autoFocus
        value={code}
        onChange={setCode}
        errorMessage={error}
      />
      <Button type="submit" size="lg" isFullWidth isPending={isBusy}>
        Verify
      </Button>
      {onCancel ? (
        <Button variant="ghost" size="lg" isFullWidth isDisabled={isBusy} onPress={onCancel}>
          Use another account
        </Button>
      ) : null}
    </form>
  );
}
