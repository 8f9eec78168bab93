// Field building blocks shared by the form schemas.
// - A missing key reads like an empty input, so it gets the field's own message instead of
//   valibot's generic "Invalid key" (v.optional with a default that the checks then refuse).
// - Number inputs (react-aria NumberField) give NaN when empty: NaN, '' and undefined count as
//   "not given" alike.
import * as v from 'valibot';

type NumberCheck = v.PipeAction<number, number, v.BaseIssue<unknown>>;

/** Trimmed text that must not be blank. */
export const requiredText = (message: string, max?: { length: number; message: string }) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.nonEmpty(message),
      v.check((text) => !max || text.length <= max.length, max?.message),
    ),
    '',
  );

/** Trimmed optional text, stored as null when blank. */
export const optionalText = (max?: { length: number; message: string }) =>
  v.pipe(
    v.nullish(v.string(), ''),
    v.trim(),
    v.check((text) => !max || text.length <= max.length, max?.message),
    v.transform((text): string | null => (text === '' ? null : text)),
  );

/** A number that must be given; missing, NaN or not a number → `missing`. */
export const requiredNumber = (missing: string, ...checks: NumberCheck[]) =>
  v.optional(v.pipe(v.number(missing), ...checks), Number.NaN);

const blankNumberToNull = v.transform((input: unknown) =>
  input === undefined || input === '' || (typeof input === 'number' && Number.isNaN(input)) ? null : input);

/** An optional number: null when not given, else checked. */
export const optionalNumber = (invalid: string, ...checks: NumberCheck[]) =>
  v.optional(v.pipe(v.unknown(), blankNumberToNull, v.nullable(v.pipe(v.number(invalid), ...checks))), null);

/** Whole number at least `min`; missing → `message` too. */
export const wholeAtLeast = (min: number, message: string) =>
  requiredNumber(message, v.integer(message), v.minValue(min, message));

/** One of a fixed list; missing or unknown → `message`. */
export const requiredChoice = <const TOptions extends readonly [string, ...string[]]>(options: TOptions, message: string) =>
  v.pipe(v.optional(v.string(message), ''), v.picklist(options, message));
