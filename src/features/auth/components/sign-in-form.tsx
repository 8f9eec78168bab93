import { useEffect, useState, type FormEvent } from 'react';
import { SETTING_UP_ACCOUNT, WELCOME_BACK } from '../../../domain/messages.ts';
import { signInSchema } from '../../../domain/schemas/sign-in.ts';
import { validateForm } from '../../../domain/schemas/validate-form.ts';
import { ERROR_TEXTS } from '../../../lib/error-message.ts';
import { fetchAccountState, needsSecondFactor, signInWithPassword } from '../../../remote/account.ts';
import { signOut } from '../../../remote/auth.ts';
import { sessionExpiredPrompt, watchSealedSession, type SealedSession } from '../../../sync/sealed-session.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Link } from '../../../ui/link/link.tsx';
import { PasswordField } from '../../../ui/password-field/password-field.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { AccountSetupError, ensureAccount } from '../account-setup.ts';
import { authFailureToast, isEmailNotConfirmed } from '../auth-feedback.ts';
import { useSignInRouting } from '../use-sign-in-routing.ts';
import { ResendConfirmation } from './resend-confirmation.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import * as styles from './auth-forms.css.ts';

type Stage = 'form' | 'second-factor' | 'setting-up';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage>('form');
  /** The address the auth server refused as not confirmed yet (email_not_confirmed): offer its link again. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const routeAfterSignIn = useSignInRouting();
  // A password-only session kept from before (a reload mid sign-in) asks for the code again.
  const isAwaitingSecondFactor = useSessionStore((s) => s.status === 'second-factor');
  // Writes a refused session left unsent wait for their user (docs/decisions/sign-out-wipes-device-data.md).
  // Read after the first render: the prerendered form knows no device.
  const [sealed, setSealed] = useState<SealedSession | null>(null);
  useEffect(() => watchSealedSession(setSealed), []);

  async function discardUnsent() {
    const { discardSealedWrites } = await import('../../../sync/local-first-session.ts');
    const notice = await discardSealedWrites();
    if (notice) toast.info(notice);
  }

  async function finishSignIn(userId: string, email: string | null) {
    let account = await fetchAccountState(userId);
    if (!account.profile || !account.role) {
      // docs/product.md §4: the profile or role is still being created at the signed-in event.
      setStage('setting-up');
      account = await ensureAccount({ id: userId, email, metadata: {} });
    }
    toast.success(WELCOME_BACK.title, WELCOME_BACK.description);
    routeAfterSignIn(account);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(signInSchema, { email, password });
    if (!result.ok) {
      setFieldErrors(result.fieldErrors);
      return;
    }
    setFieldErrors({});
    setUnconfirmed(null);
    setBusy(true);
    try {
      const user = await signInWithPassword(result.value.email, result.value.password);
      if (await needsSecondFactor()) {
        setStage('second-factor');
        return;
      }
      await finishSignIn(user.id, user.email ?? null);
    } catch (error) {
      // A failed account setup keeps "Setting up your account..." and stops; the session bridge shows its toast.
      if (isEmailNotConfirmed(error)) {
        // Said beside the form, with the way out (Resend), rather than in a toast that goes away.
        setUnconfirmed(result.value.email);
      } else if (!(error instanceof AccountSetupError)) {
        const failure = authFailureToast(error);
        toast.error(failure.title, failure.description);
      }
    } finally {
      setBusy(false);
    }
  }

  if (stage === 'setting-up') {
    return (
      <p className={styles.status} role="status">
        {SETTING_UP_ACCOUNT}
      </p>
    );
  }
  if (stage === 'second-factor' || (stage === 'form' && isAwaitingSecondFactor)) {
    const startAgain = () => {
      setStage('form');
      void signOut();
    };
    return <SecondFactorStep onVerified={(user) => finishSignIn(user.id, user.email)} onCancel={startAgain} />;
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Sign In">
      {sealed ? (
        <div className={styles.formRow} role="status">
          <p>{sessionExpiredPrompt(sealed.unsent)}</p>
          <Button variant="ghost" size="sm" onPress={() => void discardUnsent()}>
            Discard them
          </Button>
        </div>
      ) : null}
      {unconfirmed ? (
        <div className={styles.notice} role="alert">
          <p className={styles.noticeText}>{ERROR_TEXTS.emailNotConfirmed}</p>
          <ResendConfirmation email={unconfirmed} />
        </div>
      ) : null}
      <TextField label="Email" type="email" name="email" autoComplete="email" isRequired value={email} onChange={setEmail} errorMessage={fieldErrors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        isRequired
        value={password}
        onChange={setPassword}
        errorMessage={fieldErrors.password}
      />
      <div className={styles.formRow}>
        <Link href="/auth?mode=forgot">Forgot password?</Link>
      </div>
      <Button type="submit" size="lg" isFullWidth isPending={isBusy}>
        Sign In
      </Button>
    </form>
  );
}
