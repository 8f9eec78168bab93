import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { localKeys } from '../../../config/storage-keys.ts';
import type { UserRole } from '../../../domain/constants.ts';
import { ACCOUNT_ALREADY_EXISTS, CONFIRMATION_SENT, welcomeNewUserToast } from '../../../domain/messages.ts';
import { signUpSchema } from '../../../domain/schemas/sign-up.ts';
import { useFormDraft } from '../../../hooks/use-form-draft.ts';
import { logger } from '../../../lib/logger.ts';
import { signUpWithPassword } from '../../../remote/account.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Radio, RadioGroup } from '../../../ui/radio-group/radio-group.tsx';
import { PasswordField } from '../../../ui/password-field/password-field.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { AccountSetupError, ensureAccount } from '../account-setup.ts';
import { authFailureToast } from '../auth-feedback.ts';
import { confirmationLandingUrl } from '../confirmation-landing.ts';
import { useSignInRouting } from '../use-sign-in-routing.ts';
import { CheckInbox } from './check-inbox.tsx';
import * as styles from './auth-forms.css.ts';

export function SignUpForm({ initialRole = 'guest' }: { initialRole?: UserRole }) {
  // Each message follows its field's current value once Create Account was pressed (useFormDraft).
  const { draft, errors: fieldErrors, setErrors: setFieldErrors, set, check } = useFormDraft<{ name: string; email: string; password: string; role: UserRole }>({
    name: '',
    email: '',
    password: '',
    role: initialRole,
  });
  const [isBusy, setBusy] = useState(false);
  /** The address a confirmation link went to, when the project confirms e-mail before the first sign-in. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const routeAfterSignIn = useSignInRouting();
  const redirect = new URLSearchParams(useSearch()).get('redirect');

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The messages show under the fields; no toast repeats them.
    const input = check(signUpSchema, { toast: false });
    if (!input) return;
    setBusy(true);
    // Kept for the signed-in event, which may run before this handler continues (docs/product.md §3 keys).
    localStorage.setItem(localKeys.signupName, input.name);
    localStorage.setItem(localKeys.signupRole, input.role);
    try {
      // The link lands signed in on /auth with this sign-up's redirect, in this tab or a new one; the
      // pending booking and signup values wait in local storage (docs/decisions/email-confirmation.md).
      const { user, isSignedIn } = await signUpWithPassword({ ...input, siteUrl: confirmationLandingUrl(window.location.origin, redirect) });
      if (!isSignedIn) {
        toast.success(CONFIRMATION_SENT.title, CONFIRMATION_SENT.description);
        setSentTo(input.email);
        return;
      }
      const account = await ensureAccount({ id: user.id, email: user.email ?? null, metadata: user.user_metadata ?? {} });
      const welcome = welcomeNewUserToast(input.name);
      toast.success(welcome.title, welcome.description);
      routeAfterSignIn({ profile: account.profile ?? { onboarding_complete: false }, role: account.role ?? input.role });
    } catch (error) {
      if (error instanceof AccountSetupError && error.step === 'role') {
        // docs/product.md §4: a failed role upsert at sign-up is only logged.
        logger.warn('Role upsert at sign-up failed', error);
        routeAfterSignIn({ profile: { onboarding_complete: false }, role: input.role });
        return;
      }
      const failure = authFailureToast(error);
      // The address is taken: say so under the e-mail field too, where the user will look.
      if (failure === ACCOUNT_ALREADY_EXISTS) setFieldErrors({ email: ACCOUNT_ALREADY_EXISTS.description ?? ACCOUNT_ALREADY_EXISTS.title });
      toast.error(failure.title, failure.description);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) return <CheckInbox email={sentTo} onChangeEmail={() => setSentTo(null)} />;

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Sign Up">
      <TextField label="Full Name" name="name" autoComplete="name" isRequired value={draft.name} onChange={set('name')} errorMessage={fieldErrors.name} />
      <TextField label="Email" type="email" name="email" autoComplete="email" isRequired value={draft.email} onChange={set('email')} errorMessage={fieldErrors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        description="At least 6 characters"
        isRequired
        value={draft.password}
        onChange={set('password')}
        errorMessage={fieldErrors.password}
      />
      <RadioGroup label="I want to" orientation="horizontal" value={draft.role} onChange={(value) => set('role')(value === 'host' ? 'host' : 'guest')} errorMessage={fieldErrors.role}>
        <Radio value="guest" isCard description="Guest">
          Find a villa
        </Radio>
        <Radio value="host" isCard description="Host">
          List my villa
        </Radio>
      </RadioGroup>
      <Button type="submit" size="lg" isFullWidth isPending={isBusy}>
        Create Account
      </Button>
    </form>
  );
}
