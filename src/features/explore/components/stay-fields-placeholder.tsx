import { FieldPlaceholder } from '../../../ui/field/field-placeholder.tsx';
import { FILTER_LABELS } from './filter-labels.ts';

/** Holds the three stay fields' places while they load, so nothing below moves. */
export function StayFieldsPlaceholder() {
  return (
    <>
      <FieldPlaceholder label={FILTER_LABELS.checkIn} />
      <FieldPlaceholder label={FILTER_LABELS.duration} />
      <FieldPlaceholder label={FILTER_LABELS.guests} />
    </>
  );
}
