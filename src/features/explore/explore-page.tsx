import { Page } from '../../ui/page/page';

/** Explore Villas list (SPEC §2 Properties page); filters and cards arrive with the guest-journey issue. */
export default function ExplorePage() {
  return <Page title="Explore Villas" subtitle="Long-stay villas and coliving rooms with fast Wi-Fi." />;
}
