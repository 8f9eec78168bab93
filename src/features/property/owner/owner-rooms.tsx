import { useState } from 'react';
import { ROOM_DELETED } from '../../../domain/messages.ts';
import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { roomAvailabilityChange, setRoomAvailability } from '../../../sync/commands/room-set-availability.ts';
import { runCommand } from '../../../sync/session-actions.ts';
import { AlertDialog } from '../../../ui/alert-dialog/alert-dialog.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { PlusIcon } from '../../../ui/icon/icons.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { RoomCard } from '../components/room-card.tsx';
import * as roomStyles from '../components/room-card.css.ts';
import * as pageStyles from '../property-page.css.ts';
import { removeRoom } from './data/rooms.ts';
import { AVAILABILITY_FAILED_TITLE, DELETE_ROOM_FAILED_TITLE } from './owner-texts.ts';
import { RoomDialog } from './room-dialog.tsx';
import * as styles from './owner.css.ts';

type Editing = { room: RoomRow | null; key: number } | null;

/** The host's rooms: Add Room, Edit Room, Available/Unavailable (works offline: a queued command), delete. */
export function OwnerRooms({ property, rooms, isOnline }: { property: PropertyRow; rooms: readonly RoomRow[]; isOnline: boolean }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<RoomRow | null>(null);
  const open = (room: RoomRow | null) => setEditing({ room, key: Date.now() });

  const setAvailable = (room: RoomRow, isAvailable: boolean) => {
    runCommand(setRoomAvailability, roomAvailabilityChange(room, isAvailable)).catch((error: unknown) => {
      logger.warn('Queuing the availability change failed', error);
      toast.error(AVAILABILITY_FAILED_TITLE, errorMessage(error));
    });
  };

  return (
    <section className={pageStyles.section} aria-labelledby="owner-rooms-title">
      <div className={pageStyles.sectionHeader}>
        <h2 id="owner-rooms-title" className={pageStyles.sectionTitle}>
          Rooms
        </h2>
        <Button icon={<PlusIcon size={16} />} onPress={() => open(null)} isDisabled={!isOnline}>
          Add Room
        </Button>
      </div>
      {rooms.length === 0 ? (
        <p className={styles.hint}>No rooms yet. Guests book rooms, so add at least one to start receiving requests.</p>
      ) : (
        <ul className={roomStyles.list}>
          {rooms.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
              action={
                <div className={styles.roomActions}>
                  <Switch isSelected={room.is_available} onChange={(isAvailable) => setAvailable(room, isAvailable)} aria-label={`${room.name} available`}>
                    {room.is_available ? 'Available' : 'Unavailable'}
                  </Switch>
                  <Button variant="outline" onPress={() => open(room)} isDisabled={!isOnline}>
                    Edit Room
                  </Button>
                  <Button variant="ghost" onPress={() => setToDelete(room)} isDisabled={!isOnline} aria-label={`Delete ${room.name}`}>
                    Delete
                  </Button>
                </div>
              }
            />
          ))}
        </ul>
      )}
      {editing ? (
        <RoomDialog
          key={editing.key}
          propertyId={property.id}
          room={editing.room}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(null);
          }}
        />
      ) : null}
      <AlertDialog
        title="Delete Room"
        confirmLabel="Delete Room"
        isOpen={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null);
        }}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await removeRoom(toDelete.id);
            toast.success(ROOM_DELETED.title);
          } catch (error) {
            logger.warn('Deleting the room failed', error);
            toast.error(DELETE_ROOM_FAILED_TITLE, errorMessage(error));
            throw error;
          }
        }}
      >
        {toDelete ? `${toDelete.name} will no longer be listed. Bookings already made keep their details.` : null}
      </AlertDialog>
    </section>
  );
}
