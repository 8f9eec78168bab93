import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { UNAUTHORIZED_ADD_ROOM, VERIFY_PROPERTY_FAILED, type Toast } from '../../domain/messages.ts';
import { logger } from '../../lib/logger.ts';
import { fetchPropertyHost } from '../../remote/listing-rooms.ts';
import { Page } from '../../ui/page/page.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { toast } from '../../ui/toast/toast-queue.ts';
import { RoomForm } from './components/room-form.tsx';
import * as styles from './host-listing.css.ts';
import { useSignInGate } from './use-sign-in-gate.ts';

/** /room/new?property_id={id} (docs/product.md §2, §6): only the host of that property may add a room. */
export default function RoomFormPage() {
  const propertyId = new URLSearchParams(useSearch()).get('property_id');
  const userId = useSignInGate(null);
  const [, navigate] = useLocation();
  const [property, setProperty] = useState<{ id: string; name: string } | null>(null);
  const hasLeft = useRef(false);

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    const leave = (reason: Toast) => {
      if (hasLeft.current) return;
      hasLeft.current = true;
      toast.error(reason.title, reason.description);
      navigate('/dashboard', { replace: true });
    };
    if (!propertyId) {
      leave(VERIFY_PROPERTY_FAILED);
      return;
    }
    fetchPropertyHost(propertyId)
      .then((found) => {
        if (!isCurrent) return;
        if (!found) return leave(VERIFY_PROPERTY_FAILED);
        if (found.host_id !== userId) return leave(UNAUTHORIZED_ADD_ROOM);
        setProperty({ id: found.id, name: found.name });
      })
      .catch((error: unknown) => {
        logger.warn('Verifying the property failed', error);
        if (isCurrent) leave(VERIFY_PROPERTY_FAILED);
      });
    return () => {
      isCurrent = false;
    };
  }, [propertyId, userId, navigate]);

  const isReady = property !== null && property.id === propertyId;
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
