import { Card } from '../../../ui/card/card.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import * as styles from '../host-listing.css.ts';

/**
 * What a signed-in guest sees on a host-only screen instead of a form the server would refuse
 * (docs/product.md §6: only hosts list properties; a role is chosen at sign-up and never changes), so
 * the way to hosting is a host account of its own.
 */
export function HostsOnlyNotice() {
  return (
    <Card as="section" aria-labelledby="hosts-only-heading" className={styles.notice}>
      <h2 id="hosts-only-heading" className={styles.sectionTitle}>
        Listing a villa needs a host account
      </h2>
      <p className={styles.noticeText}>
        Your account is set up for finding a stay, and an account keeps the role it was created with. To list your villa,
        sign out and create a host account with another e-mail address.
      </p>
      <div className={styles.noticeActions}>
        <LinkButton href="/properties">Explore Villas</LinkButton>
      </div>
    </Card>
  );
}
