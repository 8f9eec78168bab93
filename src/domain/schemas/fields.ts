// Field building blocks shared by the form schemas. Number inputs (react-aria NumberField) give
// NaN when empty, so optional numbers read NaN, null and undefined alike as "not given".
import * as v from 'valibot';

/** Trimmed text that must not be blank. */
export const requiredText = (message: string, max?: { length: number; message: string }) =>
  max
    ? v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max.length, max.message))
    : v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** Trimmed optional text, stored as null when blank. */
export const optionalText = (max?: { length: number; message: string }) =>
  v.pipe(
    v.nullish(v.string(), ''),
    v.trim(),
    v.check((text) => !max || text.length <= max.length, max?.message),
    v.transform((text): string | null => (text === '' ? null : text)),
  );

const blankNumberToNull = v.transform((input: unknown) =>
  input === undefined || input === '' || (typeof input === 'number' && Number.isNaN(input)) ? null : input);

/** A number that must be given (NaN and empty count as missing → `missing` message). */
export const requiredNumber = (missing: string, ...checks: v.PipeAction<number, number, v.BaseIssue<unknown>>[]) =>
  v.pipe(v.number(missing), ...checks);

/** An optional number: null when not given, else checked. */
export const optionalNumber = (invalid: string, ...checks: v.PipeAction<number, number, v.BaseIssue<unknown>>[]) =>
  v.pipe(v.unknown(), blankNumberToNull, v.nullable(v.pipe(v.number(invalid), ...checks)));

/** Whole number at least `min`. */
export const wholeAtLeast = (min: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message));
