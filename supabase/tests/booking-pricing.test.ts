// One pricing rule on two sides: the database prices a guest's request (booking_total_price, used by the
// insert trigger) and the checkout function prices the Stripe session (priceBooking). This runs both
// over the same table of dates and prices, so they cannot drift apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAY_MONTH_OPTIONS } from '../../src/domain/constants.ts';
import { addDaysToDate, checkoutDate } from '../../src/domain/stay-dates.ts';
import { priceBooking, stayMonthsFromDates } from '../functions/_shared/booking-pricing.ts';
import type { TestDatabase } from './support/test-database.ts';
import { engines, openMigratedDatabase } from './support/test-database.ts';

// Month ends, a leap day, year ends and ordinary days.
const checkIns = ['2025-01-31', '2028-02-29', '2027-12-31', '2026-03-15', '2026-08-30', '2026-11-01'];
const weeklyPrices = [1, 90, 199.99, 260, 333.33, 1234.56];

interface Case {
  checkIn: string;
  checkOut: string;
  weeklyPrice: number;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const checkIn of checkIns) {
    for (const months of STAY_MONTH_OPTIONS) {
      for (const checkOut of [checkoutDate(checkIn, months), addDaysToDate(checkIn, months * 30)]) {
        for (const weeklyPrice of weeklyPrices) out.push({ checkIn, checkOut, weeklyPrice });
      }
    }
    // Not a stay: a few days off either reading, too short, too long.
    for (const nights of [1, 27, 29, 44, 46, 200]) out.push({ checkIn, checkOut: addDaysToDate(checkIn, nights), weeklyPrice: 300 });
  }
  return out;
}

describe.each(engines)('booking pricing, SQL and TypeScript (%s)', (engine) => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('agrees on months and total for every stay length, month end and price', async () => {
    const table = cases();
    const { rows } = await handle.db.query<{ months: string | null; total: string | null }>(
      `select public.booking_stay_months(c.check_in, c.check_out)::text as months,
              public.booking_total_price(c.check_in, c.check_out, c.price)::text as total
       from unnest($1::date[], $2::date[], $3::numeric[]) with ordinality as c (check_in, check_out, price, n)
       order by c.n`,
      [table.map((c) => c.checkIn), table.map((c) => c.checkOut), table.map((c) => c.weeklyPrice)],
    );
    const sql = rows.map((row) => ({ months: row.months === null ? null : Number(row.months), total: row.total === null ? null : Number(row.total) }));
    const typescript = table.map((c) => ({ months: stayMonthsFromDates(c.checkIn, c.checkOut), total: priceBooking(c.checkIn, c.checkOut, c.weeklyPrice)?.totalPrice ?? null }));
    expect(sql).toEqual(typescript);
    expect(typescript.filter((c) => c.total !== null).length).toBeGreaterThan(500);
  });

  it('prices nothing for a room without a positive price', async () => {
    const { rows } = await handle.db.query<{ zero: string | null; negative: string | null }>(
      `select public.booking_total_price('2026-01-01', '2026-02-01', 0)::text as zero,
              public.booking_total_price('2026-01-01', '2026-02-01', -5)::text as negative`,
    );
    expect(rows).toEqual([{ zero: null, negative: null }]);
    expect(priceBooking('2026-01-01', '2026-02-01', 0)).toBeNull();
  });
});
