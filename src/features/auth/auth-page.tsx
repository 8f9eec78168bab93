import { useLocation, useSearch } from 'wouter';
import { BRAND_NAME } from '../../domain/constants.ts';
import { CONFIRMATION_LINK_EXPIRED } from '../../domain/messages.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Card } from '../../ui/card/card.tsx';
import { Page } from '../../ui/page/page.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { ForgotPasswordForm } from './components/forgot-password-form.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';
import * as styles from './components/auth-forms.css.ts';
import { isConfirmationLanding } from './confirmation-landing.ts';
import { useConfirmationLanding } from './use-confirmation-landing.ts';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

/** `?mode=signup` opens Sign Up (Get Started), `?mode=forgot` the recovery form; `?role=host` pre-chooses Host. */
function modeOf(search: URLSearchParams): Mode {
  const mode = search.get('mode');
  if (mode === 'signup') return 'sign-up';
  if (mode === 'forgot') return 'forgot';
  return 'sign-in';
}

/** Sign In and Sign Up tabs (docs/product.md §2 Auth page), and the forgot-password form. */
export default function AuthPage() {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const mode = modeOf(search);
  const initialRole = search.get('role') === 'host' ? 'host' : 'guest';
  const isAwaitingSecondFactor = useSessionStore((s) => s.status === 'second-factor');
  const landing = useConfirmationLanding(isConfirmationLanding(search));

  function selectTab(key: string) {
    const next = new URLSearchParams(search);
    next.delete('mode');
    next.delete('confirm');
    if (key === 'sign-up') next.set('mode', 'signup');
    const query = next.toString();
    navigate(`/auth${query ? `?${query}` : ''}`, { replace: true });
  }

  // The password is in, the code is not: the sign-in form asks for it (docs/decisions/mfa-second-factor-step.md).
  if (isAwaitingSecondFactor) {
    return (
      <Page title="Two-factor authentication" documentTitle="Sign In" subtitle="Enter the code from your authenticator app to finish signing in." isNarrow>
        <Card padding="lg">
          <SignInForm />
        </Card>
      </Page>
    );
  }

  // The sign-up confirmation link's landing (docs/decisions/email-confirmation.md).
  if (landing === 'confirming') {
    return (
      <Page title="Confirming your email" isNarrow>
        <Card padding="lg">
          <Spinner label="Confirming your email" />
        </Card>
      </Page>
    );
  }

  if (mode === 'forgot') {
    return (
      <Page title="Reset your password" subtitle="We'll e-mail you a link to choose a new one." isNarrow>
        <Card padding="lg">
          <ForgotPasswordForm />
        </Card>
      </Page>
    );
  }

  return (
    <Page title={`Welcome to ${BRAND_NAME}`} documentTitle={mode === 'sign-up' ? 'Sign Up' : 'Sign In'} subtitle="Sign in or create an account to book long stays and meet your housemates." isNarrow>
      <Card padding="lg">
        {landing === 'expired' ? (
          <p className={styles.notice} role="alert">
            {CONFIRMATION_LINK_EXPIRED}
          </p>
        ) : null}
        <Tabs selectedKey={mode} onSelectionChange={selectTab}>
          <TabList aria-label="Sign in or sign up">
            <Tab id="sign-in">Sign In</Tab>
            <Tab id="sign-up">Sign Up</Tab>
          </TabList>
          <TabPanel id="sign-in">
            <SignInForm />
          </TabPanel>
          <TabPanel id="sign-up">
            <SignUpForm initialRole={initialRole} />
          </TabPanel>
        </Tabs>
      </Card>
    </Page>
  );
}
