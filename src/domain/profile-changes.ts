// What a profile edit sends and how an open form follows changes from elsewhere
// (docs/decisions/profile-writes-and-conflicts.md). The server's side of the rule (a field is written
// only while it still holds the base value) is public.update_own_profile, migration
// 20250601001500_profile_field_merge.sql.

/** The profile fields a user edits, as the profile row stores them. */
export type ProfileFields = Record<string, unknown>;

/** A profile write of only the changed fields, each with the value it was based on. */
export interface ProfileChange {
  patch: ProfileFields;
  base: ProfileFields;
}

/**
 * Field equality as the server decides it (jsonb equality): same JSON value, arrays in order;
 * undefined counts as null.
 */
export function isSameFieldValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields of `edited` whose value differs from `base` (what the form showed), with their base
 * values; null when nothing changed. Fields absent from `edited` are not part of the edit.
 */
export function profileChange(base: ProfileFields, edited: ProfileFields): ProfileChange | null {
  const patch: ProfileFields = {};
  const baseOfPatch: ProfileFields = {};
  for (const [field, value] of Object.entries(edited)) {
    if (value === undefined || isSameFieldValue(value, base[field])) continue;
    patch[field] = value;
    baseOfPatch[field] = base[field] ?? null;
  }
  return Object.keys(patch).length > 0 ? { patch, base: baseOfPatch } : null;
}

/**
 * Two queued changes of one profile as one: the later value of each field wins, and a field keeps
 * the base of its first change (what the user saw before editing it at all).
 */
export function combineProfileChanges(first: ProfileChange, next: ProfileChange): ProfileChange {
  return { patch: { ...first.patch, ...next.patch }, base: { ...next.base, ...first.base } };
}

/**
 * An open form when the stored profile changes underneath it (a pull brought another device's edit,
 * or this device's save came back): a field the user has not touched follows the new value; a field
 * the user edited keeps the edit and its old base, so saving it still lets the server see that the
 * field changed elsewhere since the user began.
 */
export function rebaseEdits<T extends ProfileFields>(base: T, edited: T, incoming: T): { base: T; edited: T; followed: (keyof T)[] } {
  const nextBase = { ...base };
  const nextEdited = { ...edited };
  const followed: (keyof T)[] = [];
  for (const field of Object.keys(incoming) as (keyof T)[]) {
    if (!isSameFieldValue(edited[field], base[field]) || isSameFieldValue(incoming[field], base[field])) continue;
    nextBase[field] = incoming[field];
    nextEdited[field] = incoming[field];
    followed.push(field);
  }
  return { base: nextBase, edited: nextEdited, followed };
}
