import { InstallButton } from './install-button.tsx';
import { SyncStatus } from './sync-status.tsx';

/** What the nav adds once the page is up: the install button and, signed in, the sync status. Lazy-loaded. */
export default function NavExtras({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <>
      <InstallButton />
      {isSignedIn ? <SyncStatus /> : null}
    </>
  );
}

/** Phones: the sync state beside the menu button, so "Offline" and unsent writes show without opening it. */
export function PhoneSyncStatus() {
  return <SyncStatus isHiddenWhenSynced />;
}
