import type { ReactNode } from 'react';
import type { RoomRow } from '../../../db/tables.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { ImageIcon } from '../../../ui/icon/icons.tsx';
import { displayPhotoUrl, placeholderPhotoUrl } from './photo-url.ts';
import { monthlyPriceLabel, stayLengthLabel, weeklyPriceLabel } from './room-price.ts';
import * as styles from './room-card.css.ts';

export type RoomCardProps = {
  room: RoomRow;
  isSelected?: boolean;
  /** The card's button; omit for the guest default (Request to Book / Selected / Not Available). */
  action?: ReactNode;
  onRequest?: (room: RoomRow) => void;
};

/** One room (docs/product.md §2, §4 "Room"). The owner view passes its own `action` (Edit Room). */
export function RoomCard({ room, isSelected = false, action, onRequest }: RoomCardProps) {
  const photo = room.photos[0];
  return (
    <Card as="li" padding="none" className={[styles.card, isSelected ? styles.selected : ''].join(' ')} aria-label={room.name}>
      <div className={styles.photoFrame} style={photo ? { backgroundImage: `url("${placeholderPhotoUrl(photo)}")` } : undefined}>
        {photo ? (
          <img src={displayPhotoUrl(photo)} alt={`${room.name}`} className={styles.photo} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.noPhoto} role="img" aria-label={`${room.name}: no photo yet`}>
            <ImageIcon size={28} />
          </span>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 className={styles.name}>{room.name}</h3>
          {room.is_available ? null : <Badge variant="danger">Unavailable</Badge>}
        </div>
        {room.description ? <p className={styles.description}>{room.description}</p> : null}
        <ul className={styles.facts} aria-label="Room details">
          <li>Capacity: {room.capacity} {room.capacity === 1 ? 'guest' : 'guests'}</li>
          {room.wifi_speed_mbps !== null ? <li>Wi-Fi: {room.wifi_speed_mbps} Mbps</li> : null}
          <li>Stay: {stayLengthLabel(room)}</li>
        </ul>
        <div className={styles.footer}>
          <div className={styles.prices}>
            <span className={styles.weekly}>{weeklyPriceLabel(room.price_per_week)}</span>
            <span className={styles.monthly}>{monthlyPriceLabel(room)}</span>
          </div>
          {action ?? <RequestButton room={room} isSelected={isSelected} onRequest={onRequest} />}
        </div>
      </div>
    </Card>
  );
}

function RequestButton({ room, isSelected, onRequest }: { room: RoomRow; isSelected: boolean; onRequest: ((room: RoomRow) => void) | undefined }) {
  if (!room.is_available) {
    return (
      <NativeButton variant="outline" disabled>
        Not Available
      </NativeButton>
    );
  }
  return (
    <NativeButton variant={isSelected ? 'secondary' : 'primary'} onClick={() => onRequest?.(room)} aria-pressed={isSelected}>
      {isSelected ? 'Selected' : 'Request to Book'}
    </NativeButton>
  );
}
