import { useEffect, useState, type FormEvent } from 'react';
import { MAX_INTERESTS } from '../../../domain/constants.ts';
import { PROFILE_NOTHING_CHANGED, PROFILE_SAVE_FAILED, PROFILE_SAVED_OFFLINE, PROFILE_UPDATED, TOO_MANY_INTERESTS } from '../../../domain/messages.ts';
import { rebaseEdits } from '../../../domain/profile-changes.ts';
import { profileFormSchema } from '../../../domain/schemas/profile-form.ts';
import { validateForm } from '../../../domain/schemas/validate-form.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { logger } from '../../../lib/logger.ts';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { confirmProfileSave, saveProfileEdits } from '../data/profile.ts';
import { fieldsFromForm, formFieldsOf, formValuesFromProfile, type ProfileFormFields, type ProfileFormValues } from '../profile-form-values.ts';

/**
 * The profile form's values, errors and save. A save queues only the fields changed since the form was
 * filled (works offline); fields the user has not touched follow changes that arrive from elsewhere.
 */
export function useProfileForm(profile: ProfileFormFields, isHost: boolean, onSaved: () => void) {
  // `base`: the stored values the form's fields were filled from (what a save is compared against).
  const [base, setBase] = useState(() => formFieldsOf(profile));
  const [values, setValues] = useState(() => formValuesFromProfile(profile));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isOnline = useIsOnline();

  // Another device's change (or this device's save coming back) reaches untouched fields at once.
  useEffect(() => {
    const incoming = formFieldsOf(profile);
    const rebased = rebaseEdits(formValuesFromProfile(base), values, formValuesFromProfile(incoming));
    if (rebased.followed.length === 0) return;
    setBase((current) => ({ ...current, ...Object.fromEntries(rebased.followed.map((field) => [field, incoming[field]])) }));
    setValues(rebased.edited);
    // Only a new stored row is a reason to rebase; typing is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile]);

  const set = <K extends keyof ProfileFormValues>(key: K) => (value: ProfileFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(profileFormSchema, values);
    if (!result.ok) {
      setFieldErrors(result.fieldErrors);
      return;
    }
    // The profile holds at most 6 interests (docs/product.md §9); say so here rather than as a database error.
    if (result.value.interests.length > MAX_INTERESTS) {
      setFieldErrors({ interests: TOO_MANY_INTERESTS });
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const saved = await saveProfileEdits(base, fieldsFromForm(result.value, values.is_visible_to_guests, isHost));
      if (!saved.entryId) {
        toast.info(PROFILE_NOTHING_CHANGED.title, PROFILE_NOTHING_CHANGED.description);
        return;
      }
      const previousBase = base;
      setBase(saved.base);
      setValues(formValuesFromProfile(saved.base));
      // Online the save goes now, and the toast says whether it arrived; offline it waits in the outbox.
      const outcome = isOnline ? await confirmProfileSave(saved.entryId) : 'queued';
      if (outcome === 'failed') {
        // Refused (and rolled back on the device): keep what the user typed so they can fix it.
        setBase(previousBase);
        setValues(values);
        toast.error(PROFILE_SAVE_FAILED.title, PROFILE_SAVE_FAILED.description);
        return;
      }
      onSaved();
      const done = outcome === 'sent' ? PROFILE_UPDATED : PROFILE_SAVED_OFFLINE;
      toast.success(done.title, done.description);
    } catch (error) {
      logger.warn('Saving the profile failed', error);
      toast.error(PROFILE_SAVE_FAILED.title, PROFILE_SAVE_FAILED.description);
    } finally {
      setSaving(false);
    }
  }

  return { values, set, fieldErrors, isSaving, handleSubmit };
}
