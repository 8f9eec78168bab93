import { Page } from '../../ui/page/page';

/** Property detail /property/{id} (SPEC §2); built by the guest and host journey issues. */
export default function PropertyPage() {
  return <Page title="Property details" />;
}
