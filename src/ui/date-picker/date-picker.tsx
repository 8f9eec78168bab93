import { getLocalTimeZone, parseDate, today, type CalendarDate, type DateValue } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as fieldStyles from '../field/field.css.ts';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '../icon/icons.tsx';
import * as popoverStyles from '../popover/popover.css.ts';
import * as styles from './date-picker.css.ts';

/** Dates travel as ISO 'yyyy-MM-dd' strings so callers never touch the calendar library. */
export type IsoDate = string;

export type DatePickerProps = {
  label: ReactNode;
  value?: IsoDate | null;
  defaultValue?: IsoDate | null;
  onChange?: (value: IsoDate | null) => void;
  /** Dates before today (local time) cannot be chosen. */
  disablePast?: boolean;
  minValue?: IsoDate;
  maxValue?: IsoDate;
  /** E.g. days inside booked ranges. */
  isDateUnavailable?: (date: IsoDate) => boolean;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  name?: string;
  className?: string;
};

const toDate = (iso: IsoDate | null | undefined): CalendarDate | null | undefined =>
  iso === undefined ? undefined : iso === null || iso === '' ? null : parseDate(iso);

/** Date field + popover calendar: one month, weeks start Sunday, US English month/day order. */
export function DatePicker({
  label,
  value,
  defaultValue,
  onChange,
  disablePast,
  minValue,
  maxValue,
  isDateUnavailable,
  description,
  errorMessage,
  isInvalid,
  className,
  ...props
}: DatePickerProps) {
  const todayDate = today(getLocalTimeZone());
  const explicitMin = toDate(minValue) ?? undefined;
  const min = disablePast ? (explicitMin && explicitMin.compare(todayDate) > 0 ? explicitMin : todayDate) : explicitMin;
  return (
    <I18nProvider locale="en-US">
      <AriaDatePicker<CalendarDate>
        validationBehavior={validationBehavior}
        {...props}
        value={toDate(value)}
        defaultValue={toDate(defaultValue)}
        onChange={(next: DateValue | null) => onChange?.(next ? next.toString() : null)}
        minValue={min}
        maxValue={toDate(maxValue) ?? undefined}
        isDateUnavailable={isDateUnavailable ? (date: DateValue) => isDateUnavailable(date.toString()) : undefined}
        firstDayOfWeek="sun"
        isInvalid={resolveInvalid(isInvalid, errorMessage)}
        className={[fieldStyles.field, className].filter(Boolean).join(' ')}
      >
        <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
        <Group className={[fieldStyles.control, styles.group].join(' ')}>
          <DateInput className={styles.dateInput}>
            {(segment) => <DateSegment segment={segment} className={styles.segment} />}
          </DateInput>
          <Button className={styles.calendarButton}>
            <CalendarIcon size={18} />
          </Button>
        </Group>
        <FieldDescription>{description}</FieldDescription>
        <FieldErrorText>{errorMessage}</FieldErrorText>
        <Popover className={popoverStyles.popover} placement="bottom start" offset={4}>
          <Dialog aria-label="Choose a date" className={styles.calendar}>
            <Calendar firstDayOfWeek="sun">
              <header className={styles.calendarHeader}>
                <Button slot="previous" className={styles.calendarButton}>
                  <ChevronLeftIcon size={18} />
                </Button>
                <Heading className={styles.calendarTitle} />
                <Button slot="next" className={styles.calendarButton}>
                  <ChevronRightIcon size={18} />
                </Button>
              </header>
              <CalendarGrid className={styles.grid}>
                <CalendarGridHeader>
                  {(day) => <CalendarHeaderCell className={styles.weekday}>{day}</CalendarHeaderCell>}
                </CalendarGridHeader>
                <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGridBody>
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}
