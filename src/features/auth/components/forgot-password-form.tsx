import { useState, type FormEvent } from 'react';
import { forgotPasswordSchema } from '../../../domain/schemas/password-reset.ts';
import { validateForm } from '../../../domain/schemas/validate-form.ts';
import { requestPasswordReset } from '../../../remote/account.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Link } from '../../../ui/link/link.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { authFailureToast } from '../auth-feedback.ts';
import { resetPasswordPath } from '../reset-path.ts';
import * as styles from './auth-forms.css.ts';

/** "Forgot password?": mails a recovery link that opens the reset screen signed in. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(forgotPasswordSchema, { email });
    if (!result.ok) {
      setFieldError(result.fieldErrors.email);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(result.value.email, `${window.location.origin}${resetPasswordPath}`);
      setSentTo(result.value.email);
    } catch (error) {
      const failure = authFailureToast(error);
      toast.error(failure.title, failure.description);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className={styles.sent} role="status">
        <p className={styles.intro}>
          If an account exists for <strong>{sentTo}</strong>, we've sent it a link to reset the password. The link works once
          and expires in an hour.
        </p>
        <Link href="/auth">Back to Sign In</Link>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Reset password">
      <p className={styles.intro}>Enter the e-mail you signed up with and we'll send you a link to set a new password.</p>
      <TextField label="Email" type="email" name="email" autoComplete="email" isRequired value={email} onChange={setEmail} errorMessage={fieldError} />
      <Button type="submit" size="lg" isFullWidth isPending={isBusy}>
        Send reset link
      </Button>
      <Link href="/auth">Back to Sign In</Link>
    </form>
  );
}
