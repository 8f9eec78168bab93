import { useState } from 'react';
import { useLocation } from 'wouter';
import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import { DELETE_LISTING_FAILED, LISTING_DELETED } from '../../../domain/messages.ts';
import { logger } from '../../../lib/logger.ts';
import { AlertDialog } from '../../../ui/alert-dialog/alert-dialog.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { useBrowserOnline } from '../../../hooks/use-is-online.ts';
import { BookingOverviewCard } from './booking-overview-card.tsx';
import { removeListing } from './data/rooms.ts';
import { OFFLINE_HINT } from './owner-texts.ts';
import { OwnerRooms } from './owner-rooms.tsx';
import { PhotoManager } from './photo-manager.tsx';
import * as styles from './owner.css.ts';

export type OwnerPanelProps = { property: PropertyRow; rooms: RoomRow[] };

/**
 * The host's own view of a listing (docs/product.md §2 owner): Edit Property, photo management, booking
 * overview, rooms with Add Room / Edit Room / availability, and Delete Listing. Rendered by the
 * property page only for the owner, in place of the guest room list.
 */
export function OwnerPanel({ property, rooms }: OwnerPanelProps) {
  const [, navigate] = useLocation();
  const isOnline = useBrowserOnline();
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  async function deleteListing() {
    try {
      const { forget } = await removeListing(property.id);
      // Leave first: the page treats a listing that vanished from the mirror as "not found".
      navigate('/dashboard', { replace: true });
      toast.success(LISTING_DELETED.title);
      await forget();
    } catch (error) {
      logger.warn('Deleting the listing failed', error);
      toast.error(DELETE_LISTING_FAILED.title, DELETE_LISTING_FAILED.description);
      throw error;
    }
  }

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar} role="group" aria-label="Manage your listing">
        <p className={styles.toolbarText}>{isOnline ? 'This is your listing.' : OFFLINE_HINT}</p>
        <LinkButton href={`/property/${property.id}/edit`} variant="primary">
          Edit Property
        </LinkButton>
        <Button variant="outline" onPress={() => setDeleteOpen(true)} isDisabled={!isOnline}>
          Delete Listing
        </Button>
      </div>
      <BookingOverviewCard propertyId={property.id} />
      <PhotoManager property={property} isOnline={isOnline} />
      <OwnerRooms property={property} rooms={rooms} isOnline={isOnline} />
      <AlertDialog title="Delete Listing" confirmLabel="Delete Listing" isOpen={isDeleteOpen} onOpenChange={setDeleteOpen} onConfirm={deleteListing}>
        {`${property.name} and its ${rooms.length} ${rooms.length === 1 ? 'room' : 'rooms'} will be removed from NomadNest. Guests will no longer find it; existing bookings keep their details.`}
      </AlertDialog>
    </div>
  );
}
