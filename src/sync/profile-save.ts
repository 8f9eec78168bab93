// Profile and onboarding saves: only the fields that differ from what the form was based on, queued
// as profile.update@2 (docs/decisions/profile-writes-and-conflicts.md).
import { profileChange, type ProfileFields } from '../domain/profile-changes.ts';
import { updateProfile } from './commands/profile-update.ts';
import { runCommand, settleWrite } from './session-actions.ts';

export interface QueuedProfileEdits<T extends ProfileFields> {
  /** what the form is based on from now on: the old base with the saved fields */
  base: T;
  /** the outbox entry, or null when nothing differed from the base (nothing was queued) */
  entryId: string | null;
}

export type ProfileSaveOutcome = 'sent' | 'queued' | 'failed';

/** Online, how long a form waits to say "saved" rather than "saved on this device". */
const SETTLE_TIMEOUT_MS = 8_000;

/** Pushes the queue now and says whether the entry reached the server, is still queued, or was refused. */
export function settleProfileSave(entryId: string): Promise<ProfileSaveOutcome> {
  return settleWrite(entryId, SETTLE_TIMEOUT_MS);
}

/**
 * Queues the fields of `edited` that differ from `base`, each with its base value, and resolves
 * once stored on the device (not once sent). Throws a valibot error for values the profile refuses.
 */
export async function queueProfileEdits<T extends ProfileFields>(base: T, edited: Partial<T>): Promise<QueuedProfileEdits<T>> {
  const change = profileChange(base, edited);
  if (!change) return { base, entryId: null };
  const entry = await runCommand(updateProfile, change);
  return { base: { ...base, ...change.patch } as T, entryId: entry.id };
}
