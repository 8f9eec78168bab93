import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { fetchNavProfile, type NavProfile } from '../../remote/profiles.ts';
import { useSessionStore } from '../../stores/session-store.ts';

const emptyProfile: NavProfile = { name: null, profile_photo: null, role: null };

/**
 * The signed-in user's name and photo for the nav (docs/product.md §1), and their role into the session store.
 * Cleared on sign-out; a fetch failure is only logged and the initials fallback shows.
 */
export function useNavProfile(userId: string | null): NavProfile {
  const profileRevision = useSessionStore((s) => s.profileRevision);
  const setRole = useSessionStore((s) => s.setRole);
  const profile = useRemoteLoad(
    userId
      ? async (signal) => {
          const next = await fetchNavProfile(userId);
          if (!signal.aborted) setRole(next.role);
          return next;
        }
      : null,
    [userId, profileRevision, setRole],
    'Profile fetch for navigation failed',
  );
  // While a changed profile reloads, the one shown stays.
  return profile.status === 'ready' ? profile.data : profile.status === 'loading' ? (profile.previous ?? emptyProfile) : emptyProfile;
}
