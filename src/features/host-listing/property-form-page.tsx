import { Page } from '../../ui/page/page';

/** Property form /property/new and /property/{id}/edit (SPEC §2); fields arrive with the host-journey issue. */
export default function PropertyFormPage() {
  return <Page title="List your property" subtitle="Name, location and description of your villa." />;
}
