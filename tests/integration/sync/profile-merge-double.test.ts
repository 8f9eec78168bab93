// The in-memory server's update_own_profile (memory-remote.ts, used by the fault-injection test)
// follows the same case table as the SQL function (profile-field-merge.test.ts).
import { describe, expect, it } from 'vitest';
import { mergeProfileFields } from './support/memory-remote.ts';
import { profileMergeCases } from './support/profile-merge-cases.ts';

describe('memory server update_own_profile', () => {
  it.each(profileMergeCases)('$name', (testCase) => {
    const { apply, kept } = mergeProfileFields(testCase.server, testCase.patch, testCase.base);
    expect([...kept].sort()).toEqual([...testCase.kept].sort());
    expect({ ...testCase.server, ...apply }).toEqual({ ...testCase.server, ...testCase.expected });
  });
});
