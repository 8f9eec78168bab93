import { useState, type FormEvent } from 'react';
import { BIO_MAX, MAX_INTERESTS, PROFESSION_MAX } from '../../../domain/constants';
import { characterCounter, PROFILE_UPDATED, serverErrorToast, TOO_MANY_INTERESTS } from '../../../domain/messages';
import { profileFormSchema, type ProfileUpdate } from '../../../domain/schemas/profile-form';
import { validateForm } from '../../../domain/schemas/validate-form';
import { logger } from '../../../lib/logger';
import { Badge } from '../../../ui/badge/badge';
import { Button } from '../../../ui/button/button';
import { Card } from '../../../ui/card/card';
import { Switch } from '../../../ui/switch/switch';
import { TextArea } from '../../../ui/text-area/text-area';
import { TextField } from '../../../ui/text-field/text-field';
import { toast } from '../../../ui/toast/toast-queue';
import { Heading, Text } from '../../../ui/typography/typography';
import { saveProfile } from '../data/profile';
import { accountTypeLabel, type ProfileFormValues } from '../profile-form-values';
import * as styles from './profile.css.ts';
import { errorMessage } from '../../../lib/error-message';

export interface ProfileFormProps {
  userId: string;
  email: string | null;
  role: 'guest' | 'host' | null;
  initialValues: ProfileFormValues;
  initialVisibleToGuests: boolean;
  onSaved: (saved: ProfileUpdate) => void;
}

/** The SPEC §2 profile form: name required, interests comma-separated, Save Changes / Saving... */
export function ProfileForm({ userId, email, role, initialValues, initialVisibleToGuests, onSaved }: ProfileFormProps) {
  const [values, setValues] = useState(initialValues);
  const [isVisibleToGuests, setVisibleToGuests] = useState(initialVisibleToGuests);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isHost = role === 'host';

  const set = <K extends keyof ProfileFormValues>(key: K) => (value: ProfileFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(profileFormSchema, values);
    if (!result.ok) {
      setFieldErrors(result.fieldErrors);
      return;
    }
    // The profile holds at most 6 interests (SPEC §9); say so here rather than as a database error.
    if (result.value.interests.length > MAX_INTERESTS) {
      setFieldErrors({ interests: TOO_MANY_INTERESTS });
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      await saveProfile(userId, isHost ? { ...result.value, is_visible_to_guests: isVisibleToGuests } : result.value);
      setValues({
        name: result.value.name,
        bio: result.value.bio ?? '',
        profession: result.value.profession ?? '',
        work_timezone: result.value.work_timezone ?? '',
        interests: result.value.interests.join(', '),
        show_in_whos_staying: result.value.show_in_whos_staying,
      });
      onSaved(result.value);
      toast.success(PROFILE_UPDATED.title, PROFILE_UPDATED.description);
    } catch (error) {
      logger.warn('Saving the profile failed', error);
      const failure = serverErrorToast(errorMessage(error));
      toast.error(failure.title, failure.description);
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
            <Switch isSelected={isVisibleToGuests} onChange={setVisibleToGuests} description="Guests see your photo, name, bio and profession on your listings">
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
