import { LinkButton } from '../../ui/link/link';
import { Page } from '../../ui/page/page';

/** Any unknown path (SPEC §2). */
export default function NotFoundPage() {
  return (
    <Page title="Oops! Page not found" subtitle="The page you are looking for doesn't exist or has moved.">
      <LinkButton href="/">Go back home</LinkButton>
    </Page>
  );
}
