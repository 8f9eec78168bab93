// One call for forms: the typed output, or the first message per field (for inline errors) and
// the toast of the first issue (docs/product.md §5 pairs come back with their titles).
import * as v from 'valibot';
import type { Toast } from '../messages.ts';
import { toastForIssueMessage } from '../validation-toast.ts';

export type FormResult<TOutput> =
  | { ok: true; value: TOutput }
  | { ok: false; fieldErrors: Record<string, string>; toast: Toast };

export function validateForm<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): FormResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    fieldErrors[field] ??= issue.message;
  }
  const [first] = result.issues;
  return { ok: false, fieldErrors, toast: toastForIssueMessage(first.message) };
}
