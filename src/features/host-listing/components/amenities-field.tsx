import { useState } from 'react';
import { AMENITY_BADGES } from '../../../domain/constants.ts';
import { addAmenity, customAmenities } from '../../../domain/schemas/listing-property.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Checkbox } from '../../../ui/checkbox/checkbox.tsx';
import { IconButton } from '../../../ui/icon-button/icon-button.tsx';
import { CloseIcon, PlusIcon } from '../../../ui/icon/icons.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import * as styles from '../host-listing.css.ts';

export interface AmenitiesFieldProps {
  value: readonly string[];
  onChange: (amenities: string[]) => void;
  isDisabled?: boolean;
}

/** The fixed amenity badges of docs/product.md §9 as checkboxes, plus custom ones the host types (Enter adds). */
export function AmenitiesField({ value, onChange, isDisabled }: AmenitiesFieldProps) {
  const [typed, setTyped] = useState('');
  const custom = customAmenities(value);
  const fixedChosen = value.filter((amenity) => !custom.includes(amenity));

  const add = () => {
    onChange(addAmenity(value, typed));
    setTyped('');
  };

  return (
    <section className={styles.section} aria-labelledby="amenities-heading">
      <h2 id="amenities-heading" className={styles.sectionTitle}>Amenities</h2>
      {/* A native group of native checkboxes (docs/decisions/native-form-fields.md), named by its label. */}
      <div role="group" aria-labelledby="amenities-badges-label">
        <span id="amenities-badges-label" className={styles.groupLabel}>Popular with remote workers</span>
        <div className={styles.amenityGrid}>
          {AMENITY_BADGES.map((badge) => (
            <Checkbox
              key={badge}
              value={badge}
              isSelected={fixedChosen.includes(badge)}
              isDisabled={isDisabled}
              onChange={(checked) => onChange([...(checked ? [...fixedChosen, badge] : fixedChosen.filter((chosen) => chosen !== badge)), ...custom])}
            >
              {badge}
            </Checkbox>
          ))}
        </div>
      </div>
      <div className={styles.customRow}>
        <TextField
          label="Custom amenity"
          placeholder="e.g. Standing desks"
          value={typed}
          onChange={setTyped}
          isDisabled={isDisabled}
          className={styles.grow}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" icon={<PlusIcon size={16} />} onPress={add} isDisabled={isDisabled || typed.trim() === ''}>
          Add
        </Button>
      </div>
      {custom.length > 0 ? (
        <ul className={styles.chips} aria-label="Custom amenities">
          {custom.map((amenity) => (
            <li key={amenity} className={styles.chip}>
              {amenity}
              <IconButton
                aria-label={`Remove ${amenity}`}
                size="sm"
                icon={<CloseIcon size={14} />}
                isDisabled={isDisabled}
                onPress={() => onChange(value.filter((other) => other !== amenity))}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
