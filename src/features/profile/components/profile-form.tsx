import { useEffect, useState, type FormEvent } from 'react';
import { BIO_MAX, MAX_INTERESTS, PROFESSION_MAX } from '../../../domain/constants.ts';
import { characterCounter, PROFILE_NOTHING_CHANGED, PROFILE_SAVE_FAILED, PROFILE_SAVED_OFFLINE, PROFILE_UPDATED, TOO_MANY_INTERESTS } from '../../../domain/messages.ts';
import { rebaseEdits } from '../../../domain/profile-changes.ts';
import { profileFormSchema } from '../../../domain/schemas/profile-form.ts';
import { validateForm } from '../../../domain/schemas/validate-form.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { logger } from '../../../lib/logger.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { confirmProfileSave, saveProfileEdits } from '../data/profile.ts';
import { accountTypeLabel, fieldsFromForm, formFieldsOf, formValuesFromProfile, type ProfileFormFields, type ProfileFormValues } from '../profile-form-values.ts';
import * as styles from './profile.css.ts';

export interface ProfileFormProps {
  email: string | null;
  role: 'guest' | 'host' | null;
  /** the stored profile (the mirror row, live) */
  profile: ProfileFormFields;
  onSaved: () => void;
}

/**
 * The docs/product.md §2 profile form: name required, interests comma-separated, Save Changes / Saving...
 * A save queues only the fields changed since the form was filled (works offline); fields the user
 * has not touched follow changes that arrive from elsewhere while the form is open.
 */
export function ProfileForm({ email, role, profile, onSaved }: ProfileFormProps) {
  // `base`: the stored values the form's fields were filled from (what a save is compared against).
  const [base, setBase] = useState(() => formFieldsOf(profile));
  const [values, setValues] = useState(() => formValuesFromProfile(profile));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isOnline = useIsOnline();
  const isHost = role === 'host';

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

  return (
    <Card as="section" padding="md" aria-labelledby="profile-details" className={styles.card}>
      <header className={styles.sectionHeader}>
        <Heading level={2} size="md" id="profile-details">
          Profile details
        </Heading>
        <Text size="sm" tone="muted">
          Hosts and housemates see these details on your bookings.
        </Text>
      </header>
      <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Profile">
        <div className={styles.twoColumns}>
          <TextField label="Full Name" name="name" autoComplete="name" isRequired value={values.name} onChange={set('name')} errorMessage={fieldErrors.name} />
          <TextField label="Email" type="email" value={email ?? ''} isReadOnly description="Your sign-in e-mail cannot be changed here." />
        </div>
        <div className={styles.accountType} role="group" aria-labelledby="account-type">
          <span className={styles.fieldLabel} id="account-type">
            Account Type
          </span>
          <Badge variant={isHost ? 'accent' : 'brand'}>{accountTypeLabel(role)}</Badge>
        </div>
        <TextArea
          label="Bio"
          rows={4}
          maxLength={BIO_MAX}
          formatCounter={characterCounter}
          placeholder="Tell hosts and housemates a little about yourself"
          value={values.bio}
          onChange={set('bio')}
          errorMessage={fieldErrors.bio}
        />
        <div className={styles.twoColumns}>
          <TextField
            label="Profession"
            placeholder="e.g. Software Developer"
            maxLength={PROFESSION_MAX}
            value={values.profession}
            onChange={set('profession')}
            errorMessage={fieldErrors.profession}
          />
          <TextField label="Work Timezone" placeholder="e.g. UTC+1" value={values.work_timezone} onChange={set('work_timezone')} errorMessage={fieldErrors.work_timezone} />
        </div>
        <TextField
          label="Interests"
          placeholder="e.g. Surfing, Yoga, Coffee"
          description={`Separate with commas, up to ${MAX_INTERESTS}.`}
          value={values.interests}
          onChange={set('interests')}
          errorMessage={fieldErrors.interests}
        />
        <section className={styles.privacy} aria-labelledby="privacy-settings">
          <Heading level={3} size="sm" id="privacy-settings">
            Privacy Settings
          </Heading>
          <Switch isSelected={values.show_in_whos_staying} onChange={set('show_in_whos_staying')} description="Let other guests see your profile when you have confirmed bookings">
            Show me in Who's Staying
          </Switch>
          {isHost ? (
            <Switch isSelected={values.is_visible_to_guests} onChange={set('is_visible_to_guests')} description="Guests see your photo, name, bio and profession on your listings">
              Show my profile to guests
            </Switch>
          ) : null}
        </section>
        <div className={styles.actions}>
          <Button type="submit" size="lg" isDisabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
