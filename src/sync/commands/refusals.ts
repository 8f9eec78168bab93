// Why the server refused a queued write, in words a person can act on (never the server's text, which
// names constraints), and whether sending it again could succeed
// (docs/decisions/refused-and-conflicting-writes.md).
import type { OutboxError } from '../../db/tables.ts';
import type { Refusal } from './command.ts';

/** What kind of refusal an outbox error is, whatever the command. */
export type RefusalKind = 'outdated' | 'not-allowed' | 'gone' | 'clash' | 'invalid' | 'other';

export function refusalKind(error: OutboxError): RefusalKind {
  const code = error.code ?? '';
  if (code === 'invalid_args' || code === 'unknown_command') return 'outdated';
  if (code === '42501') return 'not-allowed';
  if (code === 'P0002' || code === 'PGRST116' || code === '23503') return 'gone';
  if (error.kind === 'conflict') return 'clash';
  if (code.startsWith('22') || code.startsWith('23')) return 'invalid';
  return 'other';
}

const defaultReasons: Record<RefusalKind, string> = {
  outdated: 'this version of the app can no longer send it',
  'not-allowed': 'you are no longer allowed to make this change',
  gone: 'what it changes no longer exists',
  clash: 'it clashes with something already saved',
  invalid: 'the server did not accept these values',
  other: 'the server refused it',
};

/**
 * A refusal in words: a command's own reason for a kind where it has a better one ("this stay can no
 * longer be reviewed"), else the general one. Only a refusal of no known kind is offered a Retry: the
 * others would be refused again, however often they are sent.
 */
export function describeRefusal(error: OutboxError, reasons: Partial<Record<RefusalKind, string>> = {}): Refusal {
  const kind = refusalKind(error);
  return { reason: reasons[kind] ?? defaultReasons[kind], canRetry: kind === 'other' };
}

/** "Aa…" at most `max` characters, for quoting what the user wrote. */
export function excerpt(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
