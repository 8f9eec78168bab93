// The per-field rule of update_own_profile (docs/decisions/profile-writes-and-conflicts.md) as one
// table of cases: run against the real function on PGlite and Postgres
// (profile-field-merge.test.ts) and against the in-memory server the fault-injection test uses
// (memory-remote.ts, profile-merge-double.test.ts), so the double cannot drift from the SQL.

export interface ProfileMergeCase {
  name: string;
  /** the server's row before the write (only the fields the case is about) */
  server: Record<string, unknown>;
  patch: Record<string, unknown>;
  base: Record<string, unknown>;
  /** the fields afterwards */
  expected: Record<string, unknown>;
  kept: string[];
}

export const profileMergeCases: ProfileMergeCase[] = [
  { name: 'unchanged since the base: written', server: { bio: 'old' }, patch: { bio: 'new' }, base: { bio: 'old' }, expected: { bio: 'new' }, kept: [] },
  { name: 'changed elsewhere since the base: kept', server: { bio: 'other device' }, patch: { bio: 'mine' }, base: { bio: 'old' }, expected: { bio: 'other device' }, kept: ['bio'] },
  { name: 'a replay (value already there): no conflict', server: { bio: 'mine' }, patch: { bio: 'mine' }, base: { bio: 'old' }, expected: { bio: 'mine' }, kept: [] },
  {
    name: 'per field: one written, one kept, one untouched',
    server: { name: 'Ana', profession: 'Designer', bio: 'from the phone' },
    patch: { profession: 'Architect', bio: 'from the laptop' },
    base: { profession: 'Designer', bio: 'first' },
    expected: { name: 'Ana', profession: 'Architect', bio: 'from the phone' },
    kept: ['bio'],
  },
  { name: 'null base matches a null field', server: { work_timezone: null }, patch: { work_timezone: 'Europe/Lisbon' }, base: { work_timezone: null }, expected: { work_timezone: 'Europe/Lisbon' }, kept: [] },
  { name: 'clearing a field to null', server: { bio: 'x' }, patch: { bio: null }, base: { bio: 'x' }, expected: { bio: null }, kept: [] },
  { name: 'arrays compare in order', server: { interests: ['Yoga', 'Surfing'] }, patch: { interests: ['Coffee'] }, base: { interests: ['Surfing', 'Yoga'] }, expected: { interests: ['Yoga', 'Surfing'] }, kept: ['interests'] },
  { name: 'arrays equal to the base: written', server: { interests: ['Yoga'] }, patch: { interests: ['Yoga', 'Coffee'] }, base: { interests: ['Yoga'] }, expected: { interests: ['Yoga', 'Coffee'] }, kept: [] },
  { name: 'booleans', server: { show_in_whos_staying: false }, patch: { show_in_whos_staying: true }, base: { show_in_whos_staying: true }, expected: { show_in_whos_staying: false }, kept: ['show_in_whos_staying'] },
];
