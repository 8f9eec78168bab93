import { BIO_MAX, MAX_INTERESTS, PROFESSION_MAX } from '../../../domain/constants.ts';
import { characterCounter } from '../../../domain/messages.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { accountTypeLabel, type ProfileFormFields } from '../profile-form-values.ts';
import * as styles from './profile.css.ts';
import { useProfileForm } from './use-profile-form.ts';

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
  const isHost = role === 'host';
  const { values, set, fieldErrors, isSaving, handleSubmit } = useProfileForm(profile, isHost, onSaved);

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
