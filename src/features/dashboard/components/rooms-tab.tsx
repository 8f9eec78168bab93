import type { PropertyRow, RoomRow } from '../../../db/tables.ts';
import { formatApproxMonthly, formatWeekly } from '../../../domain/pricing.ts';
import { stayLengthInMonthsLabel } from '../../../domain/stay-dates.ts';
import { logger } from '../../../lib/logger.ts';
import { roomAvailabilityChange, setRoomAvailability } from '../../../sync/commands/room-set-availability.ts';
import { runCommand } from '../../../sync/session-actions.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Link, LinkButton } from '../../../ui/link/link.tsx';
import { PlusIcon } from '../../../ui/icon/icons.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import * as styles from './dashboard.css.ts';

export interface RoomsTabProps {
  properties: readonly PropertyRow[];
  rooms: readonly RoomRow[];
}

/**
 * Every room of the host's listings with its availability. The toggle is a sync command, so it works
 * offline and is sent when the connection is back (shown as "Saving…" until then).
 */
export function RoomsTab({ properties, rooms }: RoomsTabProps) {
  const roomsByProperty = new Map<string, RoomRow[]>();
  for (const room of rooms) roomsByProperty.set(room.property_id, [...(roomsByProperty.get(room.property_id) ?? []), room]);

  const toggle = (room: RoomRow, isAvailable: boolean) => {
    runCommand(setRoomAvailability, roomAvailabilityChange(room, isAvailable)).catch((error: unknown) => {
      logger.warn('Changing room availability failed', error);
      toast.error('Could not update room', 'Please try again.'); // (ours)
    });
  };

  return (
    <div className={styles.stack}>
      <div className={styles.panelHeader}>
        <Heading level={2} size="lg">
          Rooms
        </Heading>
      </div>
      {properties.length === 0 ? (
        <Card padding="lg" className={styles.empty}>
          <Text tone="muted">Rooms belong to a listing. Add a property first, then its rooms.</Text>
          <LinkButton href="/property/new" size="sm" icon={<PlusIcon size={16} />}>
            Add Property
          </LinkButton>
        </Card>
      ) : (
        properties.map((property) => {
          const propertyRooms = roomsByProperty.get(property.id) ?? [];
          return (
            <Card as="section" key={property.id} aria-label={`Rooms at ${property.name}`} className={styles.stack}>
              <div className={styles.panelHeader}>
                <Heading level={3} size="md">
                  <Link href={`/property/${property.id}`}>{property.name}</Link>
                </Heading>
                <LinkButton href={`/room/new?property_id=${property.id}`} size="sm" variant="outline" icon={<PlusIcon size={16} />}>
                  Add Room
                </LinkButton>
              </div>
              {propertyRooms.length === 0 ? (
                <Text size="sm" tone="muted">
                  No rooms yet.
                </Text>
              ) : (
                <ul className={styles.list}>
                  {propertyRooms.map((room) => (
                    <li key={room.id} className={styles.roomRow}>
                      <div className={styles.roomInfo}>
                        <Text weight="medium">{room.name}</Text>
                        <Text size="sm" tone="muted">
                          {formatWeekly(room.price_per_week)} · {formatApproxMonthly(room.price_per_week)} · sleeps {room.capacity} · {room.min_stay_weeks}–{room.max_stay_weeks} weeks (guests see {stayLengthInMonthsLabel(room.min_stay_weeks, room.max_stay_weeks)})
                        </Text>
                      </div>
                      <div className={styles.roomControls}>
                        <span className={styles.inlineBadges}>
                          <Badge variant={room.is_available ? 'success' : 'neutral'}>{room.is_available ? 'Available' : 'Unavailable'}</Badge>
                          {room._status === 'pending' ? <span className={styles.note}>Saving…</span> : null}
                          {room._status === 'failed' ? <span className={styles.note}>Not saved</span> : null}
                        </span>
                        <Switch aria-label={`${room.name} available for booking`} isSelected={room.is_available} onChange={(isSelected) => toggle(room, isSelected)}>
                          <span className={styles.note}>Available for booking</span>
                        </Switch>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          );
        })
      )}
    </div>
  );
}
