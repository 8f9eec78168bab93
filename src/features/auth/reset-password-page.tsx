import { useState, type FormEvent } from 'react';
import { newPasswordSchema } from '../../domain/schemas/password-reset.ts';
import { validateForm } from '../../domain/schemas/validate-form.ts';
import { fetchAccountState, updatePassword } from '../../remote/account.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Link } from '../../ui/link/link.tsx';
import { Page } from '../../ui/page/page.tsx';
import { PasswordField } from '../../ui/password-field/password-field.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { toast } from '../../ui/toast/toast-queue.ts';
import { authFailureToast, blankPasswordError } from './auth-feedback.ts';
import { useSignInRouting } from './use-sign-in-routing.ts';
import { SecondFactorStep } from './components/second-factor-step.tsx';
import * as styles from './components/auth-forms.css.ts';

/**
 * Where a recovery link lands: the auth client has opened the session the link carried (the
 * PASSWORD_RECOVERY event); the user sets a new password and goes on signed in. Without a session the
 * link was used, expired or forged: say so and offer a new one.
 */
export default function ResetPasswordPage() {
  const status = useSessionStore((s) => s.status);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const routeAfterSignIn = useSignInRouting();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(newPasswordSchema, { password });
    const blank = blankPasswordError(password);
    if (!result.ok || blank) {
      setFieldError(blank ?? (result.ok ? undefined : result.fieldErrors.password));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const user = await updatePassword(result.value.password);
      toast.success('Password updated', "You're signed in with your new password.");
      routeAfterSignIn(await fetchAccountState(user.id));
    } catch (error) {
      const failure = authFailureToast(error);
      toast.error(failure.title, failure.description);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Set a new password" isNarrow>
      <Card padding="lg">
        {status === 'unknown' ? (
          <Spinner label="Checking your reset link" />
        ) : status === 'second-factor' ? (
          // A two-factor account changes its password from an aal2 session only (docs/decisions/mfa-aal2.md).
          <SecondFactorStep onVerified={async () => {}} />
        ) : status === 'signed-out' ? (
          <div className={styles.sent} role="alert">
            <p className={styles.intro}>This reset link is invalid or has expired. Links work once and for an hour.</p>
            <Link href="/auth?mode=forgot">Send a new link</Link>
          </div>
        ) : (
          <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Set a new password">
            <PasswordField
              label="New password"
              name="new-password"
              autoComplete="new-password"
              description="At least 6 characters"
              isRequired
              value={password}
              onChange={setPassword}
              errorMessage={fieldError}
            />
            <Button type="submit" size="lg" isFullWidth isPending={isBusy}>
              Save new password
            </Button>
          </form>
        )}
      </Card>
    </Page>
  );
}
