import { memo } from 'react';
import { normaliseAmenities } from '../../../domain/schemas/listing-property.ts';
import type { PropertyRow } from '../../../db/tables.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import * as styles from '../property-page.css.ts';

/**
 * About, workspace details and the host's own amenities (docs/product.md §2). docs/product.md §9's fixed badges are the
 * form's vocabulary and a new listing's default, not a list every property shows.
 */
export const AboutSection = memo(function AboutSection({ property, className }: { property: PropertyRow; className?: string }) {
  const amenities = normaliseAmenities(Array.isArray(property.amenities) ? property.amenities : []);
  return (
    <div className={[styles.stack, className].filter(Boolean).join(' ')}>
      <section className={styles.section} aria-labelledby="about-title">
        <h2 id="about-title" className={styles.sectionTitle}>
          About this place
        </h2>
        <p className={styles.prose}>{property.description || 'The host has not written a description yet.'}</p>
      </section>
      <section className={styles.section} aria-labelledby="workspace-title">
        <h2 id="workspace-title" className={styles.sectionTitle}>
          Workspace
        </h2>
        <p className={styles.prose}>{property.workspace_details || 'The host has not described the workspace yet.'}</p>
        {property.wifi_speed_mbps !== null ? (
          <ul className={styles.factList} aria-label="Connectivity">
            <li>
              <Badge variant="brand">Wi-Fi {property.wifi_speed_mbps} Mbps</Badge>
            </li>
          </ul>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="amenities-title">
        <h2 id="amenities-title" className={styles.sectionTitle}>
          Amenities
        </h2>
        {amenities.length > 0 ? (
          <ul className={styles.badges} aria-label="Amenities">
            {amenities.map((amenity) => (
              <li key={amenity}>
                <Badge variant="accent">{amenity}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>The host has not listed amenities yet.</p>
        )}
      </section>
    </div>
  );
});
