import { useEffect } from 'react';
import { useProfile } from '../../db/hooks/use-profiles.ts';
import type { NavProfile } from '../../remote/profiles.ts';

export interface MirroredNavProfileProps {
  userId: string;
  onChange: (userId: string, profile: NavProfile | null) => void;
}

/**
 * Reports the signed-in user's own profile as the local mirror holds it, so the nav shows their name
 * and photo offline too (the server's answer, when there is one, wins). Loaded lazily: the mirror's
 * code stays out of the first paint. Renders nothing.
 */
export default function MirroredNavProfile({ userId, onChange }: MirroredNavProfileProps) {
  const row = useProfile(userId);
  useEffect(() => {
    if (row === undefined) return;
    onChange(userId, row ? { name: row.name ?? null, profile_photo: row.profile_photo ?? null, role: row._role ?? null } : null);
  }, [row, userId, onChange]);
  return null;
}
