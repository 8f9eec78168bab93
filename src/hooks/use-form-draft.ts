import { useState } from 'react';
import type * as v from 'valibot';
import { validateForm } from '../domain/schemas/validate-form.ts';
import { toast } from '../ui/toast/toast-queue.ts';

/**
 * A form's values while the user types, and its messages per field. Changing a field clears its own
 * message; `check` validates the whole draft and, when it fails, shows each field's message and the
 * toast of the first issue (docs/product.md §5).
 */
export function useFormDraft<TDraft extends object>(initial: TDraft | (() => TDraft)) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof TDraft>(key: K) => (value: TDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key as string]: _cleared, ...rest }) => rest);
  };

  /** The checked values, or null when the draft broke a rule (the user has been told). */
  function check<TSchema extends v.GenericSchema>(schema: TSchema): v.InferOutput<TSchema> | null {
    const checked = validateForm(schema, draft);
    if (checked.ok) return checked.value;
    setErrors(checked.fieldErrors);
    toast.error(checked.toast.title, checked.toast.description);
    return null;
  }

  return { draft, errors, setErrors, set, check };
}
