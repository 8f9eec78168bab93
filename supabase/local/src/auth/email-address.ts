// GoTrue's e-mail validation and normalisation (lower case, at most 255 characters).
import * as v from 'valibot';
import { badRequest } from './auth-error.ts';

const emailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(255), v.email());

export function normaliseEmail(raw: string): string {
  const result = v.safeParse(emailSchema, raw);
  if (result.success) return result.output;
  if (raw.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
}
