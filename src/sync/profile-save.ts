// Profile and onboarding saves: only the fields that differ from what the form was based on, queued
// as profile.update@2 (docs/decisions/profile-writes-and-conflicts.md).
import { profileChange, type ProfileFields } from '../domain/profile-changes.ts';
import { updateProfile } from './commands/profile-update.ts';
import { runCommand } from './local-first-session.ts';

export interface QueuedProfileEdits<T extends ProfileFields> {
  /** what the form is based on from now on: the old base with the saved fields */
  base: T;
  /** false when nothing differed from the base (nothing was queued) */
  isQueued: boolean;
}

/**
 * Queues the fields of `edited` that differ from `base`, each with its base value, and resolves
 * once stored on the device (not once sent). Throws a valibot error for values the profile refuses.
 */
export async function queueProfileEdits<T extends ProfileFields>(base: T, edited: Partial<T>): Promise<QueuedProfileEdits<T>> {
  const change = profileChange(base, edited);
  if (!change) return { base, isQueued: false };
  await runCommand(updateProfile, change);
  return { base: { ...base, ...change.patch }, isQueued: true };
}
