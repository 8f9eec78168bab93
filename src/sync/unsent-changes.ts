// The writes the server refused, in words, for the list the sync badge opens
// (docs/decisions/refused-and-conflicting-writes.md).
import type { AppDb } from '../db/db.ts';
import type { OutboxEntry } from '../db/tables.ts';
import type { AnyCommand, Refusal } from './commands/command.ts';
import { createCommandRegistry } from './commands/registry.ts';
import { describeRefusal } from './commands/refusals.ts';

export interface UnsentChange {
  /** the outbox entry's id (Retry / Delete) */
  id: string;
  /** "Review of Casa Azul" */
  what: string;
  /** "this stay can no longer be reviewed" */
  why: string;
  canRetry: boolean;
}

const UNKNOWN_ERROR = { kind: 'permanent', code: null, message: '' } as const;

async function describeEntry(db: AppDb, entry: OutboxEntry, command: AnyCommand | undefined): Promise<UnsentChange> {
  const error = entry.lastError ?? UNKNOWN_ERROR;
  const refusal: Refusal = command?.refusal ? command.refusal(error) : describeRefusal(error);
  let what = 'A change made with an older version of the app';
  if (command) {
    try {
      what = await command.describe(db, entry.args as never);
    } catch {
      // Args an older build stored in another shape: still listed, so they can be deleted.
    }
  }
  return { id: entry.id, what, why: refusal.reason, canRetry: command !== undefined && refusal.canRetry };
}

/** Every refused write, oldest first. */
export async function listUnsentChanges(db: AppDb, registry: ReadonlyMap<string, AnyCommand> = createCommandRegistry()): Promise<UnsentChange[]> {
  const failed = await db._outbox.where('status').equals('failed').toArray();
  failed.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return Promise.all(failed.map((entry) => describeEntry(db, entry, registry.get(entry.name))));
}
