import { useState } from 'react';
import { ADD_ROOM_DIALOG_DEFAULTS, PRICE_INPUT_STEP } from '../../../domain/constants.ts';
import { CREATE_ROOM_FAILED_TITLE, ROOM_UPDATED } from '../../../domain/messages.ts';
import { addRoomDialogSchema, roomFormSchema, type RoomDraft } from '../../../domain/schemas/room.ts';
import { approxMonthsLabel } from '../../../domain/stay-dates.ts';
import type { RoomRow } from '../../../db/tables.ts';
import { useFormDraft } from '../../../hooks/use-form-draft.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { Button } from '../../../ui/button/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { addRoom, editRoom } from './data/rooms.ts';
import { ROOM_ADDED, UPDATE_ROOM_FAILED_TITLE } from './owner-texts.ts';
import * as styles from './owner.css.ts';

const orNaN = (value: number | null) => (value === null ? Number.NaN : Number(value));

function draftOf(room: RoomRow | null): RoomDraft {
  if (!room) {
    return { name: '', description: '', price_per_week: Number.NaN, price_per_month: Number.NaN, capacity: Number.NaN, wifi_speed_mbps: Number.NaN, ...ADD_ROOM_DIALOG_DEFAULTS };
  }
  return {
    name: room.name,
    description: room.description ?? '',
    price_per_week: Number(room.price_per_week),
    price_per_month: orNaN(room.price_per_month),
    capacity: room.capacity,
    min_stay_weeks: room.min_stay_weeks,
    max_stay_weeks: room.max_stay_weeks,
    wifi_speed_mbps: orNaN(room.wifi_speed_mbps),
  };
}

const money = { style: 'currency', currency: 'USD' } as const;

/**
 * Add Room (docs/product.md §5 dashboard dialog rules: name, monthly price and capacity required, prices and
 * Wi-Fi ≥ 0 in steps of 0.01, stays default 2–12 weeks) and Edit Room (the room form's rules).
 */
export function RoomDialog({ propertyId, room, isOpen, onOpenChange }: {
  propertyId: string;
  /** null: add a room */
  room: RoomRow | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const isEdit = room !== null;
  const { draft, errors, set, check } = useFormDraft(() => draftOf(room));
  const [isSaving, setSaving] = useState(false);

  async function save() {
    const checked = isEdit ? check(roomFormSchema) : check(addRoomDialogSchema);
    if (!checked) return;
    setSaving(true);
    try {
      if (room) {
        const { photos: _photos, is_available: _available, ...values } = checked as typeof checked & { photos?: unknown; is_available?: unknown };
        await editRoom(room.id, values);
        toast.success(ROOM_UPDATED.title);
      } else {
        await addRoom(propertyId, checked);
        toast.success(ROOM_ADDED.title, ROOM_ADDED.description);
      }
      onOpenChange(false);
    } catch (error) {
      logger.warn('Saving the room failed', error);
      toast.error(isEdit ? UPDATE_ROOM_FAILED_TITLE : CREATE_ROOM_FAILED_TITLE, errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title={isEdit ? 'Edit Room' : 'Add Room'} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!isSaving} hideCloseButton={isSaving} size="lg">
      {(close) => (
        <form
          className={styles.dialogForm}
          aria-label={isEdit ? 'Edit Room' : 'Add Room'}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!isSaving) void save();
          }}
        >
          <TextField label="Room name" isRequired value={draft.name} onChange={set('name')} errorMessage={errors.name} isDisabled={isSaving} autoFocus />
          <TextArea label="Description" rows={3} value={draft.description} onChange={set('description')} isDisabled={isSaving} />
          <div className={styles.pair}>
            <NumberField label="Price per month" description="Guests are charged months × 4.33 × the weekly price." isRequired={!isEdit} minValue={0} step={PRICE_INPUT_STEP} formatOptions={money} value={draft.price_per_month} onChange={set('price_per_month')} errorMessage={errors.price_per_month} isDisabled={isSaving} />
            <NumberField
              label="Price per week"
              isRequired={isEdit}
              description={isEdit ? undefined : 'Optional: monthly ÷ 4.33 when empty'}
              minValue={0}
              step={PRICE_INPUT_STEP}
              formatOptions={money}
              value={draft.price_per_week}
              onChange={set('price_per_week')}
              errorMessage={errors.price_per_week}
              isDisabled={isSaving}
            />
          </div>
          <div className={styles.pair}>
            <NumberField label="Capacity (guests)" isRequired minValue={1} step={1} value={draft.capacity} onChange={set('capacity')} errorMessage={errors.capacity} isDisabled={isSaving} />
            <NumberField label="Wi-Fi speed (Mbps)" minValue={0} step={PRICE_INPUT_STEP} value={draft.wifi_speed_mbps} onChange={set('wifi_speed_mbps')} errorMessage={errors.wifi_speed_mbps} isDisabled={isSaving} />
          </div>
          <div className={styles.pair}>
            <NumberField label="Minimum stay (weeks)" description={approxMonthsLabel(draft.min_stay_weeks)} isRequired minValue={1} step={1} value={draft.min_stay_weeks} onChange={set('min_stay_weeks')} errorMessage={errors.min_stay_weeks} isDisabled={isSaving} />
            <NumberField label="Maximum stay (weeks)" description={approxMonthsLabel(draft.max_stay_weeks)} isRequired minValue={1} step={1} value={draft.max_stay_weeks} onChange={set('max_stay_weeks')} errorMessage={errors.max_stay_weeks} isDisabled={isSaving} />
          </div>
          <div className={styles.dialogActions}>
            <Button variant="outline" onPress={close} isDisabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" isPending={isSaving}>
              {isEdit ? 'Save changes' : 'Add Room'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
