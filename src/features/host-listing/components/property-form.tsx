import { useLocation } from 'wouter';
import { LOCATION_REQUIRED, PROPERTY_NAME_REQUIRED, SAVE_PROPERTY_FAILED_TITLE, UPLOAD_PHOTOS_FAILED_TITLE } from '../../../domain/messages.ts';
import { isPropertyFormComplete } from '../../../domain/schemas/property-form.ts';
import { listingPropertySchema } from '../../../domain/schemas/listing-property.ts';
import { useFormDraft } from '../../../hooks/use-form-draft.ts';
import { logger } from '../../../lib/logger.ts';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { createProperty, PhotoUploadError, updateProperty } from '../data/save-property.ts';
import * as styles from '../host-listing.css.ts';
import { useListingSave } from '../use-listing-save.ts';
import { AmenitiesField } from './amenities-field.tsx';
import { ListingForm } from './listing-form.tsx';
import { PhotoDraftsField } from './photo-drafts-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

export interface PropertyDraft {
  name: string;
  city: string;
  country: string;
  google_maps_url: string;
  description: string;
  workspace_details: string;
  amenities: string[];
  wifi_speed_mbps: number;
  photos: string[];
}

/** A new listing claims no amenity until its host ticks it (docs/product.md §9's badges are offered, not assumed). */
export const EMPTY_PROPERTY_DRAFT: PropertyDraft = {
  name: '', city: '', country: '', google_maps_url: '', description: '', workspace_details: '', amenities: [], wifi_speed_mbps: Number.NaN, photos: [],
};

/** The listing fields of docs/product.md §2/§5; `propertyId` set means edit mode. */
export function PropertyForm({ propertyId, initial }: { propertyId: string | null; initial: PropertyDraft }) {
  const [, navigate] = useLocation();
  const { draft, errors, setErrors, set, check } = useFormDraft(initial);
  const { isSaving, whileSaving, photoDrafts } = useListingSave();

  const isComplete = isPropertyFormComplete(draft);
  // Save stays disabled until the three are filled, so a field left blank says so as the host leaves it.
  const requireOnBlur = (key: 'name' | 'city' | 'country') => () => {
    if (draft[key].trim() === '') setErrors((current) => ({ ...current, [key]: key === 'name' ? PROPERTY_NAME_REQUIRED : LOCATION_REQUIRED }));
  };

  async function save() {
    const values = check(listingPropertySchema);
    if (!values) return;
    await whileSaving(async (newFiles, onProgress) => {
      const save = {
        values,
        keptPhotos: draft.photos,
        removedPhotos: initial.photos.filter((url) => !draft.photos.includes(url)),
        newFiles,
        onProgress,
      };
      try {
        const id = propertyId ?? (await createProperty(save));
        if (propertyId) await updateProperty(propertyId, save);
        navigate(`/property/${id}`);
      } catch (error) {
        logger.warn('Saving the property failed', error);
        if (error instanceof PhotoUploadError) {
          toast.error(UPLOAD_PHOTOS_FAILED_TITLE, error.message);
          // A new listing exists already: continue to it, photos can be added there.
          if (!propertyId) navigate(`/property/${error.propertyId}`);
        } else {
          toast.error(SAVE_PROPERTY_FAILED_TITLE, errorMessage(error));
        }
      }
    });
  }

  return (
    <ListingForm
      label={propertyId ? 'Edit property' : 'New property'}
      canSave={isComplete}
      hint={isComplete ? null : 'Add a name, city and country to save.'}
      offlineHint="You're offline. Saving needs a connection."
      isSaving={isSaving}
      onSave={save}
      cancelTo={propertyId ? `/property/${propertyId}` : '/dashboard'}
      saveLabel="Save and Continue"
    >
      <section className={styles.section} aria-labelledby="basics-heading">
        <h2 id="basics-heading" className={styles.sectionTitle}>The basics</h2>
        <TextField label="Property name" isRequired value={draft.name} onChange={set('name')} onBlur={requireOnBlur('name')} errorMessage={errors.name} placeholder="e.g. Casa Azul Coliving" isDisabled={isSaving} />
        <div className={styles.pair}>
          <TextField label="City" isRequired value={draft.city} onChange={set('city')} onBlur={requireOnBlur('city')} errorMessage={errors.city} placeholder="e.g. Lisbon" isDisabled={isSaving} />
          <TextField label="Country" isRequired value={draft.country} onChange={set('country')} onBlur={requireOnBlur('country')} errorMessage={errors.country} placeholder="e.g. Portugal" isDisabled={isSaving} />
        </div>
        <TextField
          label="Google Maps link"
          type="url"
          description="Optional. Guests use it to see the neighbourhood."
          value={draft.google_maps_url}
          onChange={set('google_maps_url')}
          errorMessage={errors.google_maps_url}
          placeholder="https://maps.google.com/…"
          isDisabled={isSaving}
        />
        <TextArea label="Description" rows={5} value={draft.description} onChange={set('description')} placeholder="What makes your place a good home for a month or more?" isDisabled={isSaving} />
      </section>

      <section className={styles.section} aria-labelledby="work-heading">
        <h2 id="work-heading" className={styles.sectionTitle}>Working from here</h2>
        <TextArea label="Workspace details" rows={3} value={draft.workspace_details} onChange={set('workspace_details')} placeholder="Desks, chairs, quiet hours, coworking nearby…" isDisabled={isSaving} />
        <NumberField
          label="Wi-Fi speed (Mbps)"
          description="Optional. Guests can filter by it."
          minValue={0}
          step={0.01}
          value={draft.wifi_speed_mbps}
          onChange={set('wifi_speed_mbps')}
          errorMessage={errors.wifi_speed_mbps}
          isDisabled={isSaving}
        />
      </section>

      <AmenitiesField value={draft.amenities} onChange={set('amenities')} isDisabled={isSaving} />

      <PhotoDraftsField subject={draft.name.trim() || 'your property'} stored={draft.photos} onStoredChange={set('photos')} {...photoDrafts} />
    </ListingForm>
  );
}
