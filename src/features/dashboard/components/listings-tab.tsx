import type { PropertyRow } from '../../../db/tables.ts';
import { Card } from '../../../ui/card/card.tsx';
import { Link, LinkButton } from '../../../ui/link/link.tsx';
import { PlusIcon } from '../../../ui/icon/icons.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { photoSrc } from '../photo-src.ts';
import * as styles from './dashboard.css.ts';

export interface ListingsTabProps {
  properties: readonly PropertyRow[];
  roomCounts: ReadonlyMap<string, number>;
}

const roomsText = (count: number) => `${count} ${count === 1 ? 'room' : 'rooms'}`;

/** The host's listings: photo, name, location, rooms, a link to each, and Add Property. */
export function ListingsTab({ properties, roomCounts }: ListingsTabProps) {
  return (
    <div className={styles.stack}>
      <div className={styles.panelHeader}>
        <Heading level={2} size="lg">
          Your listings
        </Heading>
        <LinkButton href="/property/new" size="sm" icon={<PlusIcon size={16} />}>
          Add Property
        </LinkButton>
      </div>
      {properties.length === 0 ? (
        <Card padding="lg" className={styles.empty}>
          <Heading level={3} size="md">
            No listings yet
          </Heading>
          <Text tone="muted">Add your villa with its rooms and photos, and nomads can start booking long stays.</Text>
        </Card>
      ) : (
        <ul className={styles.listingGrid}>
          {properties.map((property) => {
            const photo = property.photos[0];
            return (
              <Card as="li" key={property.id} padding="none">
                {photo ? (
                  <img className={styles.listingPhoto} src={photoSrc(photo)} alt="" width={400} height={300} loading="lazy" decoding="async" />
                ) : (
                  <div className={styles.listingPhoto} aria-hidden="true" />
                )}
                <div className={styles.listingBody}>
                  <Heading level={3} size="md">
                    <Link href={`/property/${property.id}`}>{property.name}</Link>
                  </Heading>
                  <Text size="sm" tone="muted">
                    {[property.city, property.country].filter(Boolean).join(', ')}
                  </Text>
                  <Text size="sm">{roomsText(roomCounts.get(property.id) ?? 0)}</Text>
                </div>
              </Card>
            );
          })}
        </ul>
      )}
    </div>
  );
}
