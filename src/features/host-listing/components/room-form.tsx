import { useLocation } from 'wouter';
import { ROOM_FORM_DEFAULTS } from '../../../domain/constants.ts';
import { CREATE_ROOM_FAILED_TITLE, UPLOAD_PHOTOS_FAILED_TITLE } from '../../../domain/messages.ts';
import { roomFormSchema, type RoomDraft } from '../../../domain/schemas/room.ts';
import { approxMonthsLabel } from '../../../domain/stay-dates.ts';
import { useFormDraft } from '../../../hooks/use-form-draft.ts';
import { logger } from '../../../lib/logger.ts';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { PhotoUploadError } from '../data/save-property.ts';
import { createRoom } from '../data/save-room.ts';
import * as styles from '../host-listing.css.ts';
import { ROOM_ADDED } from '../listing-texts.ts';
import { useListingSave } from '../use-listing-save.ts';
import { ListingForm } from './listing-form.tsx';
import { PhotoDraftsField } from './photo-drafts-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';

const initialDraft: RoomDraft = {
  name: '',
  description: '',
  price_per_week: Number.NaN,
  price_per_month: Number.NaN,
  wifi_speed_mbps: Number.NaN,
  ...ROOM_FORM_DEFAULTS,
};

const dollars = { style: 'currency', currency: 'USD' } as const;

/** Add-room form (docs/product.md §2, §5): name, weekly price above 0, capacity and stays at least 1; defaults 1, 2, 12. */
export function RoomForm({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const [, navigate] = useLocation();
  const { draft, errors, set, check } = useFormDraft(initialDraft);
  const { isSaving, whileSaving, photoDrafts } = useListingSave();

  async function save() {
    const values = check(roomFormSchema);
    if (!values) return;
    await whileSaving(async (files, onProgress) => {
      try {
        await createRoom(propertyId, values, files, onProgress);
        toast.success(ROOM_ADDED.title, ROOM_ADDED.description);
        navigate(`/property/${propertyId}`);
      } catch (error) {
        logger.warn('Creating the room failed', error);
        const detail = errorMessage(error);
        toast.error(error instanceof PhotoUploadError ? UPLOAD_PHOTOS_FAILED_TITLE : CREATE_ROOM_FAILED_TITLE, detail);
      }
    });
  }

  return (
    <ListingForm
      label="New room"
      offlineHint="You're offline. Adding a room needs a connection."
      isSaving={isSaving}
      onSave={save}
      cancelTo={`/property/${propertyId}`}
      saveLabel={<>Add room to {propertyName}</>}
    >
      <section className={styles.section} aria-labelledby="room-heading">
        <h2 id="room-heading" className={styles.sectionTitle}>The room</h2>
        <TextField label="Room name" isRequired value={draft.name} onChange={set('name')} errorMessage={errors.name} placeholder="e.g. Garden Suite" isDisabled={isSaving} />
        <TextArea label="Description" rows={4} value={draft.description} onChange={set('description')} placeholder="Bed, desk, light, bathroom…" isDisabled={isSaving} />
      </section>

      <section className={styles.section} aria-labelledby="price-heading">
        <h2 id="price-heading" className={styles.sectionTitle}>Price and stay</h2>
        <div className={styles.pair}>
          <NumberField label="Price per week" isRequired minValue={0} step={0.01} formatOptions={dollars} value={draft.price_per_week} onChange={set('price_per_week')} errorMessage={errors.price_per_week} isDisabled={isSaving} />
          <NumberField label="Price per month" description="Optional. Guests are charged months × 4.33 × the weekly price." minValue={0} step={0.01} formatOptions={dollars} value={draft.price_per_month} onChange={set('price_per_month')} errorMessage={errors.price_per_month} isDisabled={isSaving} />
        </div>
        <div className={styles.triple}>
          <NumberField label="Capacity (guests)" isRequired minValue={1} step={1} value={draft.capacity} onChange={set('capacity')} errorMessage={errors.capacity} isDisabled={isSaving} />
          <NumberField label="Minimum stay (weeks)" description={approxMonthsLabel(draft.min_stay_weeks)} isRequired minValue={1} step={1} value={draft.min_stay_weeks} onChange={set('min_stay_weeks')} errorMessage={errors.min_stay_weeks} isDisabled={isSaving} />
          <NumberField label="Maximum stay (weeks)" description={approxMonthsLabel(draft.max_stay_weeks)} isRequired minValue={1} step={1} value={draft.max_stay_weeks} onChange={set('max_stay_weeks')} errorMessage={errors.max_stay_weeks} isDisabled={isSaving} />
        </div>
        <NumberField label="Wi-Fi speed (Mbps)" description="Optional" minValue={0} step={0.01} value={draft.wifi_speed_mbps} onChange={set('wifi_speed_mbps')} errorMessage={errors.wifi_speed_mbps} isDisabled={isSaving} />
      </section>

      <PhotoDraftsField subject={draft.name.trim() || 'this room'} stored={[]} onStoredChange={() => undefined} {...photoDrafts} />
    </ListingForm>
  );
}
