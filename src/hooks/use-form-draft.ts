import { useMemo, useRef, useState } from 'react';
import type * as v from 'valibot';
import { validateForm } from '../domain/schemas/validate-form.ts';
import { toast } from '../ui/toast/toast-queue.ts';

/**
 * A form's values while the user types, and its messages per field. `check` validates the whole draft
 * and, when it fails, shows each field's message (and the toast of the first issue, unless told not to;
 * docs/product.md §5). From then on a field's message follows what the field holds: editing it re-checks
 * it, so the message goes once the value is right and changes if it breaks another rule. Before any
 * check, editing a field only clears its own message. Each check takes down the toast of the one before,
 * so a fixed form never shows a stale "Price required" beside its success.
 */
export function useFormDraft<TDraft extends object>(initial: TDraft | (() => TDraft)) {
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState<{ messages: Record<string, string>; edited: ReadonlySet<string> }>({ messages: {}, edited: new Set() });
  const [checkedWith, setCheckedWith] = useState<v.GenericSchema | null>(null);
  const errorToast = useRef<string | null>(null);

  const errors = useMemo(() => {
    if (shown.edited.size === 0) return shown.messages;
    const live = checkedWith ? validateForm(checkedWith, draft) : null;
    const next: Record<string, string> = {};
    for (const [key, message] of Object.entries(shown.messages)) if (!shown.edited.has(key)) next[key] = message;
    if (live && !live.ok) for (const key of shown.edited) if (live.fieldErrors[key]) next[key] = live.fieldErrors[key];
    return next;
  }, [draft, shown, checkedWith]);

  const set = <K extends keyof TDraft>(key: K) => (value: TDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setShown((current) => (current.edited.has(key as string) ? current : { ...current, edited: new Set([...current.edited, key as string]) }));
  };

  /** Shows these messages (a server's answer, a field left blank) until their fields are edited. */
  const setErrors = (next: Record<string, string> | ((current: Record<string, string>) => Record<string, string>)) =>
    setShown({ messages: typeof next === 'function' ? next(errors) : next, edited: new Set() });

  /** The checked values, or null when the draft broke a rule (the user has been told). */
  function check<TSchema extends v.GenericSchema>(schema: TSchema, options: { toast?: boolean } = {}): v.InferOutput<TSchema> | null {
    const checked = validateForm(schema, draft);
    setCheckedWith(() => schema);
    if (errorToast.current) toast.dismiss(errorToast.current);
    errorToast.current = null;
    if (checked.ok) {
      setErrors({});
      return checked.value;
    }
    setErrors(checked.fieldErrors);
    if (options.toast ?? true) errorToast.current = toast.error(checked.toast.title, checked.toast.description);
    return null;
  }

  return { draft, errors, setErrors, set, check };
}
