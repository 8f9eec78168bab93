import * as v from 'valibot';
import type { ProfileRow } from '../../db/tables.ts';
import { defineCommand } from './command.ts';

// The columns a user may change on their own profile (grants in the profiles migration).
const patchSchema = v.pipe(
  v.object({
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(120))),
    bio: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(300)))),
    profession: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
    work_timezone: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
    interests: v.optional(v.pipe(v.array(v.string()), v.maxLength(6))),
    show_in_whos_staying: v.optional(v.boolean()),
    profile_photo: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2048)))),
    is_visible_to_guests: v.optional(v.boolean()),
    onboarding_complete: v.optional(v.boolean()),
    age: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(18), v.maxValue(120)))),
  }),
  v.check((patch) => Object.keys(patch).length > 0, 'Nothing to update'),
);

const schema = v.object({ patch: patchSchema });

export type ProfilePatch = v.InferInput<typeof patchSchema>;
export type UpdateProfileArgs = v.InferInput<typeof schema>;
type Parsed = v.InferOutput<typeof schema>;

/** Saves profile fields (absolute values, so a replay writes the same thing again). */
export const updateProfile = defineCommand<Parsed>({
  name: 'profile.update@1',
  schema,
  entity: 'profiles',
  entityId: (_args, ctx) => ctx.userId,
  tables: (db) => [db.profiles.name],
  async applyLocal(db, args, ctx) {
    const before = await db.profiles.get(ctx.userId);
    if (before) await db.profiles.put({ ...before, ...args.patch, _status: 'pending' } as ProfileRow);
    return before ?? null;
  },
  async push(remote, args, ctx) {
    const rows = await remote.update('profiles', args.patch, { id: ctx.userId });
    return { table: 'profiles', rows };
  },
  onPermanentFailure: 'rollback',
  async rollback(db, _args, before, ctx) {
    if (before) await db.profiles.put(before as ProfileRow);
    else await db.profiles.delete(ctx.userId);
  },
});
