// Realtime Authorization for private channels, as supabase/realtime checks it: the user's RLS
// policies on realtime.messages decide, with realtime.topic() set to the channel's topic. Read: probe
// rows (one per extension) are inserted as the owner and selected as the user; write: the user
// inserts one. Both run in a transaction that is always rolled back, so nothing is kept or broadcast.
import { randomUUID } from 'node:crypto';
import { requestSettings, type Database, type Queryable, type RequestAuth } from '../db/database.ts';

export type Extension = 'broadcast' | 'presence';

/** null = not evaluated yet (hosted evaluates presence only once presence is in use). */
export interface ChannelPolicies {
  broadcast: { read: boolean | null; write: boolean | null };
  presence: { read: boolean | null; write: boolean | null };
}

export function unevaluatedPolicies(): ChannelPolicies {
  return { broadcast: { read: null, write: null }, presence: { read: null, write: null } };
}

/** The join refusal hosted Realtime sends (`topic` without the `realtime:` prefix). */
export function unauthorizedReadMessage(topic: string): string {
  return `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
}

class RolledBack<T> {
  constructor(readonly value: T) {}
}

/** Runs `fn` in an owner transaction that is rolled back whatever happens, and returns its result. */
async function inRolledBackTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await fn(tx));
    });
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.value as T;
    throw outcome;
  }
  throw new Error('unreachable: the probe transaction committed');
}

/** The connection settings hosted sets before a check: the request's role and claims, and the topic. */
async function actAs(tx: Queryable, auth: RequestAuth, topic: string): Promise<void> {
  const settings = requestSettings(auth, null);
  await tx.query(settings.sql, settings.params);
  await tx.query(`select set_config('realtime.topic', $1, true)`, [topic]);
}

/** Which of `extensions` the user may read on `topic`. A policy that fails counts as no permission. */
export async function readPermissions(db: Database, auth: RequestAuth, topic: string, extensions: Extension[]): Promise<Map<Extension, boolean>> {
  const probes = new Map(extensions.map((extension) => [extension, randomUUID()] as const));
  try {
    return await inRolledBackTransaction(db, async (tx) => {
      for (const [extension, id] of probes) {
        await tx.query('insert into realtime.messages (id, topic, extension) values ($1::uuid, $2, $3)', [id, topic, extension]);
      }
      await actAs(tx, auth, topic);
      const { rows } = await tx.query<{ id: string }>(
        `select id::text as id from realtime.messages where id = any (string_to_array($1, ',')::uuid[])`,
        [[...probes.values()].join(',')],
      );
      const seen = new Set(rows.map((row) => row.id));
      return new Map([...probes].map(([extension, id]) => [extension, seen.has(id)] as const));
    });
  } catch (error) {
    if (!(error as { code?: string }).code) throw error;
    return new Map(extensions.map((extension) => [extension, false] as const));
  }
}

/** Which of `extensions` the user may write (insert) on `topic`; only a refused insert (42501) is a no. */
export async function writePermissions(db: Database, auth: RequestAuth, topic: string, extensions: Extension[]): Promise<Map<Extension, boolean>> {
  return inRolledBackTransaction(db, async (tx) => {
    await actAs(tx, auth, topic);
    const allowed = new Map<Extension, boolean>();
    for (const extension of extensions) {
      await tx.query('savepoint realtime_write_probe');
      try {
        await tx.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
        allowed.set(extension, true);
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error;
        allowed.set(extension, false);
      }
      await tx.query('rollback to savepoint realtime_write_probe');
    }
    return allowed;
  });
}
