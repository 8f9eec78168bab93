import { useEffect, useState } from 'react';
import { LOADING_PROFILE } from '../../domain/messages';
import { logger } from '../../lib/logger';
import { useSessionStore } from '../../stores/session-store';
import { Button } from '../../ui/button/button';
import { Card } from '../../ui/card/card';
import { Page } from '../../ui/page/page';
import { Text } from '../../ui/typography/typography';
import { PhotoCard } from './components/photo-card';
import { ProfileForm } from './components/profile-form';
import * as styles from './components/profile.css.ts';
import { SecuritySection } from './components/security-section';
import { loadProfileAccount, type ProfileAccount } from './data/profile';
import { formValuesFromProfile } from './profile-form-values';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; account: ProfileAccount };

/** Profile page (SPEC §2): photo, the editable fields, privacy, and two-factor security. */
export default function ProfilePage() {
  const userId = useSessionStore((s) => s.userId);
  const email = useSessionStore((s) => s.email);
  const bumpProfileRevision = useSessionStore((s) => s.bumpProfileRevision);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    setLoad({ state: 'loading' });
    loadProfileAccount(userId)
      .then((account) => {
        if (isCurrent) setLoad({ state: 'ready', account });
      })
      .catch((error: unknown) => {
        logger.warn('Loading the profile failed', error);
        if (isCurrent) setLoad({ state: 'failed' });
      });
    return () => {
      isCurrent = false;
    };
  }, [userId, attempt]);

  const updateProfile = (patch: Partial<ProfileAccount['profile']>) =>
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', account: { ...current.account, profile: { ...current.account.profile, ...patch } } } : current));

  return (
    <Page title="Your Profile" subtitle="How hosts and housemates see you, and how you sign in.">
      {load.state === 'loading' || !userId ? (
        <p className={styles.status} role="status">
          {LOADING_PROFILE}
        </p>
      ) : load.state === 'failed' ? (
        <Card padding="lg">
          <Text>We couldn't load your profile. Check your connection and try again.</Text>
          <div>
            <Button onPress={() => setAttempt((n) => n + 1)}>Try again</Button>
          </div>
        </Card>
      ) : (
        <div className={styles.layout}>
          <PhotoCard
            userId={userId}
            name={load.account.profile.name}
            email={email}
            photoUrl={load.account.profile.profile_photo}
            onPhotoChanged={(profile_photo) => {
              updateProfile({ profile_photo });
              bumpProfileRevision();
            }}
          />
          <div className={styles.mainColumn}>
            <ProfileForm
              userId={userId}
              email={email}
              role={load.account.role}
              initialValues={formValuesFromProfile(load.account.profile)}
              initialVisibleToGuests={load.account.profile.is_visible_to_guests}
              onSaved={(saved) => {
                updateProfile(saved);
                bumpProfileRevision();
              }}
            />
            <SecuritySection />
          </div>
        </div>
      )}
    </Page>
  );
}
