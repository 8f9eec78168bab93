import { useEffect, useState } from 'react';
import { logger } from '../../lib/logger.ts';
import { fetchNavProfile, type NavProfile } from '../../remote/profiles.ts';
import { useSessionStore } from '../../stores/session-store.ts';

const emptyProfile: NavProfile = { name: null, profile_photo: null, role: null };

/**
 * The signed-in user's name and photo for the nav (docs/product.md §1), and their role into the session store.
 * Cleared on sign-out; a fetch failure is only logged and the initials fallback shows.
 */
export function useNavProfile(userId: string | null): NavProfile {
  const [profile, setProfile] = useState<NavProfile>(emptyProfile);
  const profileRevision = useSessionStore((s) => s.profileRevision);
  const setRole = useSessionStore((s) => s.setRole);

  useEffect(() => {
    if (!userId) {
      setProfile(emptyProfile);
      return;
    }
    let isCurrent = true;
    fetchNavProfile(userId)
      .then((next) => {
        if (!isCurrent) return;
        setProfile(next);
        setRole(next.role);
      })
      .catch((error: unknown) => logger.warn('Profile fetch for navigation failed', error));
    return () => {
      isCurrent = false;
    };
  }, [userId, profileRevision, setRole]);

  return profile;
}
