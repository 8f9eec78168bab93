import { LOADING_PROFILE } from '../../domain/messages.ts';
import { useIsOnline } from '../../hooks/use-is-online.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Card } from '../../ui/card/card.tsx';
import { Page } from '../../ui/page/page.tsx';
import { Text } from '../../ui/typography/typography.tsx';
import { PhotoCard } from './components/photo-card.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import * as styles from './components/profile.css.ts';
import { NotificationsSection } from './components/notifications-section.tsx';
import { SecuritySection } from './components/security-section.tsx';
import { roleOf, useOwnProfile } from './data/profile.ts';

/**
 * Profile page (docs/product.md §2): photo, the editable fields, privacy, and two-factor security. The profile
 * and role come from the local mirror, so the page opens offline; saves are queued.
 */
export default function ProfilePage() {
  const userId = useSessionStore((s) => s.userId);
  const email = useSessionStore((s) => s.email);
  const bumpProfileRevision = useSessionStore((s) => s.bumpProfileRevision);
  const profile = useOwnProfile(userId);
  const isOnline = useIsOnline();

  // Online, a missing row is on its way (the first pull); offline it cannot come yet.
  if (!userId || profile === undefined || (profile === null && isOnline)) {
    return (
      <Page title="Your Profile" subtitle="How hosts and housemates see you, and how you sign in.">
        <p className={styles.status} role="status">
          {LOADING_PROFILE}
        </p>
      </Page>
    );
  }

  return (
    <Page title="Your Profile" subtitle="How hosts and housemates see you, and how you sign in.">
      {profile === null ? (
        <Card padding="lg">
          <Text>Your profile isn't on this device yet. It appears here as soon as you're back online.</Text>
        </Card>
      ) : (
        <div className={styles.layout}>
          <PhotoCard userId={userId} name={profile.name} email={email} photoUrl={profile.profile_photo} onPhotoChanged={bumpProfileRevision} />
          <div className={styles.mainColumn}>
            <ProfileForm email={email} role={roleOf(profile)} profile={profile} onSaved={bumpProfileRevision} />
            <NotificationsSection userId={userId} />
            <SecuritySection />
          </div>
        </div>
      )}
    </Page>
  );
}
