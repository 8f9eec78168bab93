import { Page } from '../../ui/page/page';

/** Profile page (SPEC §2); the form arrives with the guest-journey issue. */
export default function ProfilePage() {
  return <Page title="Your Profile" />;
}
