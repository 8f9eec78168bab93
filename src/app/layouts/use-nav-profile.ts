import { useCallback, useEffect, useState } from 'react';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { fetchNavProfile, type NavProfile } from '../../remote/profiles.ts';
import { useSessionStore } from '../../stores/session-store.ts';

const emptyProfile: NavProfile = { name: null, profile_photo: null, role: null };

/**
 * The signed-in user's name and photo for the nav (docs/product.md §1), and their role into the session store.
 * The server's answer first; until it comes (offline it is not asked) or when it fails, the copy in the
 * local mirror that `MirroredNavProfile` reports through `onMirrored`, so a named user never shows as
 * "U". Cleared on sign-out; a fetch failure is only logged.
 */
export function useNavProfile(userId: string | null): { profile: NavProfile; onMirrored: (userId: string, profile: NavProfile | null) => void } {
  const profileRevision = useSessionStore((s) => s.profileRevision);
  const setRole = useSessionStore((s) => s.setRole);
  const storeRole = useSessionStore((s) => s.role);
  const [mirrored, setMirrored] = useState<{ userId: string; profile: NavProfile | null } | null>(null);
  const onMirrored = useCallback((id: string, profile: NavProfile | null) => setMirrored({ userId: id, profile }), []);
  const remote = useRemoteLoad(
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
  const local = mirrored && mirrored.userId === userId ? mirrored.profile : null;
  // Offline the server is not asked: the mirrored role serves the pages that read it from the store.
  useEffect(() => {
    if (!storeRole && local?.role) setRole(local.role);
  }, [storeRole, local?.role, setRole]);

  // While a changed profile reloads, the one shown stays.
  const fromServer = remote.status === 'ready' ? remote.data : remote.status === 'idle' ? undefined : remote.previous;
  return { profile: fromServer ?? local ?? emptyProfile, onMirrored };
}
