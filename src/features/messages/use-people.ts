import { useEffect, useMemo, useRef } from 'react';
import { useProfiles } from '../../db/hooks/use-profiles.ts';
import type { ProfileRow } from '../../db/tables.ts';
import { logger } from '../../lib/logger.ts';
import { fetchProfileRecords } from '../../remote/messages-directory.ts';
import { cacheServerRows } from '../../sync/session-actions.ts';

export interface People {
  byId: ReadonlyMap<string, ProfileRow>;
  /** false until the local mirror answered and every id missing there was asked of the server once */
  isSettled: boolean;
}

/**
 * Profiles of the people in a conversation, read from the local mirror. Ids the mirror lacks (a new
 * conversation, a house-chat writer) are fetched once and stored, so the chat reads them offline
 * next time. A profile RLS hides stays missing and shows as "Unknown User".
 */
export function usePeople(ids: readonly string[]): People {
  const key = [...new Set(ids)].sort().join(',');
  const wanted = useMemo(() => (key ? key.split(',') : []), [key]);
  const rows = useProfiles(wanted);
  const asked = useRef(new Set<string>());
  const byId = useMemo(() => new Map((rows ?? []).map((row) => [row.id, row])), [rows]);
  const missing = rows === undefined ? [] : wanted.filter((id) => !byId.has(id) && !asked.current.has(id));

  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    const ids = missingKey.split(',');
    for (const id of ids) asked.current.add(id);
    fetchProfileRecords(ids)
      .then((records) => cacheServerRows('profiles', records))
      .catch((error: unknown) => logger.warn('Profile lookup failed', error));
  }, [missingKey]);

  return { byId, isSettled: rows !== undefined && missing.length === 0 };
}
