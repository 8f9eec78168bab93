import { useSearch } from 'wouter';
import { UNAUTHORIZED_ADD_ROOM, VERIFY_PROPERTY_FAILED } from '../../domain/messages.ts';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { fetchPropertyHost } from '../../remote/listing-rooms.ts';
import { Page } from '../../ui/page/page.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { RoomForm } from './components/room-form.tsx';
import * as styles from './host-listing.css.ts';
import { useLeaveToDashboard } from './use-leave-to-dashboard.ts';
import { useSignInGate } from './use-sign-in-gate.ts';

/** /room/new?property_id={id} (docs/product.md §2, §6): only the host of that property may add a room. */
export default function RoomFormPage() {
  const propertyId = new URLSearchParams(useSearch()).get('property_id');
  const userId = useSignInGate(null);
  const check = useRemoteLoad(userId && propertyId ? () => fetchPropertyHost(propertyId) : null, [propertyId, userId], 'Verifying the property failed');
  const found = check.status === 'ready' ? check.data : null;
  const problem =
    !userId || check.status === 'loading' ? null : !found ? VERIFY_PROPERTY_FAILED : found.host_id !== userId ? UNAUTHORIZED_ADD_ROOM : null;
  useLeaveToDashboard(problem);

  const property = problem ? null : found;
  const isReady = property !== null;
  return (
    <Page isNarrow title="Add a room" subtitle={isReady ? `A new room at ${property.name}. Guests book rooms: set the price, capacity and stay length.` : 'Guests book rooms: set the price, capacity and stay length.'}>
      {isReady ? (
        <RoomForm propertyId={property.id} propertyName={property.name} />
      ) : (
        <div className={styles.loading}>
          <Spinner label="Checking the property" size={28} />
        </div>
      )}
    </Page>
  );
}
