// The set of bookings that count as paid lives in TypeScript (PAID_STATUSES) and, as
// `status in (...)` lists, in the SQL functions: every such "paid or later" list must be the very same set.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAID_STATUSES } from '../../../src/domain/booking-status.ts';

const migrationsDir = 'supabase/migrations';
const statusLists = readdirSync(migrationsDir)
  .filter((file) => file.endsWith('.sql'))
  .flatMap((file) =>
    [...readFileSync(`${migrationsDir}/${file}`, 'utf8').matchAll(/status\s+in\s*\(([^)]*)\)/gi)].map((match) => ({
      file,
      statuses: [...match[1]!.matchAll(/'([a-z_]+)'/g)].map((quoted) => quoted[1]!),
    })),
  )
  // A "paid or later" set: it names paid, pending and completed, and not the unpaid pending_payment.
  .filter(({ statuses }) => ['paid', 'pending', 'completed'].every((status) => statuses.includes(status)) && !statuses.includes('pending_payment'));

describe('PAID_STATUSES and its SQL twins', () => {
  it('the migrations write the paid set somewhere (else this test checks nothing)', () => {
    expect(statusLists.length).toBeGreaterThan(0);
  });

  it.each(statusLists.map((list) => [list.file, list.statuses] as const))('%s lists the same set', (_file, statuses) => {
    expect([...statuses].sort()).toEqual([...PAID_STATUSES].sort());
  });
});
