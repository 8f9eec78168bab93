import { LinkButton } from '../../../ui/link/link.tsx';
import { Page } from '../../../ui/page/page.tsx';
import * as styles from '../property-page.css.ts';

/** Offline, on a listing this device has never opened: nothing to show, so say why and offer a way back. */
export function NotSavedOffline() {
  return (
    <Page title="This villa isn't saved on this device yet" isNarrow>
      <div className={styles.offlineNotice} role="status">
        <p className={styles.offlineText}>
          You're offline. Villas you open while online are kept on this device, so they open without a connection next time.
        </p>
        <LinkButton href="/properties" variant="primary">
          Back to Explore
        </LinkButton>
      </div>
    </Page>
  );
}
