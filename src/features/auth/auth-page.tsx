import { Page } from '../../ui/page/page';

/** Sign In and Sign Up (SPEC §2 Auth page); the forms arrive with the guest-journey issue. */
export default function AuthPage() {
  return <Page title="Welcome to NomadNest" subtitle="Sign in or create an account to book long stays and meet your housemates." />;
}
