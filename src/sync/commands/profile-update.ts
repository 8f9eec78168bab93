import * as v from 'valibot';
import type { AppDb } from '../../db/db.ts';
import type { ProfileRow } from '../../db/tables.ts';
import { PROFILE_FIELD_LABELS } from '../../domain/messages.ts';
import { combineProfileChanges, type ProfileChange } from '../../domain/profile-changes.ts';
import type { ServerRecord } from '../../remote/sync-port.ts';
import { defineCommand, type SyncNotice } from './command.ts';
import { describeRefusal } from './refusals.ts';

// The columns a user may change on their own profile: the UPDATE grants of the profiles migration,
// which public.update_own_profile also checks (tests/integration/sync/profile-field-merge.test.ts ties them).
const fieldSchemas = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(120)),
  bio: v.nullable(v.pipe(v.string(), v.maxLength(300))),
  profession: v.nullable(v.pipe(v.string(), v.maxLength(100))),
  work_timezone: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  interests: v.pipe(v.array(v.string()), v.maxLength(6)),
  show_in_whos_staying: v.boolean(),
  profile_photo: v.nullable(v.pipe(v.string(), v.maxLength(2048))),
  is_visible_to_guests: v.boolean(),
  onboarding_complete: v.boolean(),
  age: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(18), v.maxValue(120))),
};

/** The profile fields a user may write (also the keys update_own_profile accepts). */
export const EDITABLE_PROFILE_FIELDS = Object.keys(fieldSchemas) as (keyof typeof fieldSchemas)[];

const patchSchema = v.pipe(
  v.object({
    name: v.optional(fieldSchemas.name),
    bio: v.optional(fieldSchemas.bio),
    profession: v.optional(fieldSchemas.profession),
    work_timezone: v.optional(fieldSchemas.work_timezone),
    interests: v.optional(fieldSchemas.interests),
    show_in_whos_staying: v.optional(fieldSchemas.show_in_whos_staying),
    profile_photo: v.optional(fieldSchemas.profile_photo),
    is_visible_to_guests: v.optional(fieldSchemas.is_visible_to_guests),
    onboarding_complete: v.optional(fieldSchemas.onboarding_complete),
    age: v.optional(fieldSchemas.age),
  }),
  v.check((patch) => Object.keys(patch).length > 0, 'Nothing to update'),
);

// A base value is what the form showed; it is compared, never written, so it is not length-checked
// (an older row may hold anything the server accepted then).
const baseSchema = v.record(v.picklist(EDITABLE_PROFILE_FIELDS), v.unknown());

const schemaV1 = v.object({ patch: patchSchema });
const schema = v.pipe(
  v.object({ patch: patchSchema, base: baseSchema }),
  v.check((args) => Object.keys(args.patch).every((field) => field in args.base), 'Every changed field needs its base value'),
);

export type ProfilePatch = v.InferInput<typeof patchSchema>;
/** @deprecated profile.update@1 (absolute values, no base); kept to replay queued entries. */
export type UpdateProfileV1Args = v.InferInput<typeof schemaV1>;
export type UpdateProfileArgs = v.InferInput<typeof schema>;
type ParsedV1 = v.InferOutput<typeof schemaV1>;
type Parsed = v.InferOutput<typeof schema>;

const profileTables = (db: AppDb) => [db.profiles.name];

async function applyPatch(db: AppDb, patch: ProfilePatch, userId: string): Promise<ProfileRow | null> {
  const before = await db.profiles.get(userId);
  if (before) await db.profiles.put({ ...before, ...patch, _status: 'pending' } as ProfileRow);
  return before ?? null;
}

async function restore(db: AppDb, before: unknown, userId: string): Promise<void> {
  if (before) await db.profiles.put(before as ProfileRow);
  else await db.profiles.delete(userId);
}

/** "Profile: Bio, Profession"; a write that finishes onboarding is the onboarding answers. */
async function describePatch(_db: AppDb, args: { patch: ProfilePatch }): Promise<string> {
  if (args.patch.onboarding_complete) return 'Your onboarding answers';
  const fields = Object.keys(args.patch).map((field) => PROFILE_FIELD_LABELS[field] ?? field);
  return `Profile: ${fields.join(', ')}`;
}

const profileReasons = { 'not-allowed': 'these profile fields cannot be changed', invalid: 'the server did not accept these values' } as const;

interface MergeAnswer {
  profile: ServerRecord | null;
  kept: string[];
}

/**
 * Saves only the fields the user changed, each with the value it was based on, through
 * update_own_profile: a field another device changed since the base keeps the server's value and
 * comes back in `kept` (a notice tells the user); the rest is written. Idempotent: a replay finds its
 * values already there. Queued edits of the profile collapse into one (later values, first bases).
 * See docs/decisions/profile-writes-and-conflicts.md.
 */
export const updateProfile = defineCommand<Parsed>({
  name: 'profile.update@2',
  schema,
  entity: 'profiles',
  entityId: (_args, ctx) => ctx.userId,
  tables: profileTables,
  applyLocal: (db, args, ctx) => applyPatch(db, args.patch, ctx.userId),
  async push(remote, args) {
    const answer = (await remote.rpc('update_own_profile', { p_patch: args.patch, p_base: args.base })) as MergeAnswer | null;
    const notice: SyncNotice = { kind: 'profile-saved', kept: answer?.kept ?? [] };
    return { table: 'profiles', rows: answer?.profile ? [answer.profile] : [], notice };
  },
  collapse: (queued, next) => combineProfileChanges(queued as ProfileChange, next as ProfileChange) as Parsed,
  mayTellTheUser: true,
  onPermanentFailure: 'rollback',
  rollback: (db, _args, before, ctx) => restore(db, before, ctx.userId),
  describe: describePatch,
  refusal: (error) => describeRefusal(error, profileReasons),
});

/**
 * profile.update@1: a PATCH of absolute values (a stale form could revert another device's change).
 * No longer enqueued; kept in the registry so entries already queued on devices still replay.
 */
export const updateProfileV1 = defineCommand<ParsedV1>({
  name: 'profile.update@1',
  schema: schemaV1,
  entity: 'profiles',
  entityId: (_args, ctx) => ctx.userId,
  tables: profileTables,
  applyLocal: (db, args, ctx) => applyPatch(db, args.patch, ctx.userId),
  async push(remote, args, ctx) {
    const rows = await remote.update('profiles', args.patch, { id: ctx.userId });
    return { table: 'profiles', rows, notice: { kind: 'profile-saved', kept: [] } };
  },
  mayTellTheUser: true,
  onPermanentFailure: 'rollback',
  rollback: (db, _args, before, ctx) => restore(db, before, ctx.userId),
  describe: describePatch,
  refusal: (error) => describeRefusal(error, profileReasons),
});
