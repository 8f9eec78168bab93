import { memo } from 'react';
import type { RoomRow } from '../../../db/tables.ts';
import * as pageStyles from '../property-page.css.ts';
import { RoomCard } from './room-card.tsx';
import * as styles from './room-card.css.ts';

/** The guest's room list, cheapest week first (docs/product.md §7: rooms ordered by weekly price). */
export const RoomsSection = memo(function RoomsSection({ rooms, selectedRoomId, onRequest, className }: {
  rooms: readonly RoomRow[];
  selectedRoomId: string | null;
  onRequest: (room: RoomRow) => void;
  className?: string;
}) {
  return (
    <section className={[pageStyles.section, className].filter(Boolean).join(' ')} aria-labelledby="rooms-title">
      <h2 id="rooms-title" className={pageStyles.sectionTitle}>
        Rooms
      </h2>
      {rooms.length === 0 ? (
        <p className={pageStyles.muted}>No rooms are listed yet.</p>
      ) : (
        <ul className={styles.list}>
          {rooms.map((room) => (
            <RoomCard key={room.id} room={room} isSelected={room.id === selectedRoomId} onRequest={onRequest} />
          ))}
        </ul>
      )}
    </section>
  );
});
