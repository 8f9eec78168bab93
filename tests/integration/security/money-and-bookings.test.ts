// Attacks on money and bookings through raw REST (supabase-js) as anon, guests and hosts: each is refused
// with a 4xx or touches no row, nothing changes in any table, and the server keeps serving.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../payments/payments-support.ts';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';
import { buildAttackWorld, expectNoRows, expectNothingChanged, expectRefused, inDays, stayDates, type AttackWorld } from './support/attack-world.ts';

describe.each(testEngines)('attacks on money and bookings (%s)', (engine) => {
  let t: TestServer;
  let w: AttackWorld;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    w = await buildAttackWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setStatus = (client: AttackWorld['paidGuest']['client'], id: string, status: string) =>
    client.from('bookings').update({ status }).eq('id', id).select('id');

  describe('a paid booking leaves the paid state only through the refunding functions', () => {
    for (const status of ['declined', 'cancelled', 'pending_payment'] as const) {
      it(`refuses the host setting a paid booking to ${status}`, async () => {
        await expectNothingChanged(t, async () => expectRefused(await setStatus(w.visibleHost.client, w.bookings.paid, status), ['42501']));
      });
    }

    it('treats a pending booking (payment taken, not verified) like paid: the host can neither decline nor accept it directly', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await setStatus(w.visibleHost.client, w.bookings.legacyPending, 'declined'), ['42501']);
        expectRefused(await setStatus(w.visibleHost.client, w.bookings.legacyPending, 'accepted'), ['P0001']);
        expectRefused(await setStatus(w.paidGuest.client, w.bookings.legacyPending, 'cancelled'), ['42501']);
      });
    });

    it('refuses the host accepting an unpaid (pending_payment) request, with the SPEC message', async () => {
      const { data, error } = await t.service().from('bookings').insert({
        user_id: w.paidGuest.id, property_id: w.villa.id, room_id: w.villa.roomIds[5]!, ...stayDates(200, 1),
        total_price: 1083, status: 'pending_payment', guest_email: w.paidGuest.email,
      }).select('id').single();
      if (error) throw error;
      await expectNothingChanged(t, async () => {
        const result = await setStatus(w.visibleHost.client, data.id as string, 'accepted');
        expectRefused(result, ['P0001']);
        expect(result.error?.message).toBe('Guest must complete payment before you can accept this booking');
      });
    });

    it('refuses the guest cancelling their own paid booking directly', async () => {
      await expectNothingChanged(t, async () => expectRefused(await setStatus(w.paidGuest.client, w.bookings.paid, 'cancelled'), ['42501']));
    });

    it('refuses the guest accepting their own booking', async () => {
      await expectNothingChanged(t, async () => expectRefused(await setStatus(w.paidGuest.client, w.bookings.paid, 'accepted'), ['42501']));
    });

    it('refuses another host touching the booking (no row is visible to them)', async () => {
      await expectNothingChanged(t, async () => expectNoRows(await setStatus(w.hiddenHost.client, w.bookings.paid, 'declined')));
    });

    it('refuses anyone rewriting the price, dates or payment of a booking', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await w.visibleHost.client.from('bookings').update({ total_price: 1 }).eq('id', w.bookings.paid).select('id'));
        expectRefused(await w.paidGuest.client.from('bookings').update({ stripe_payment_intent_id: null }).eq('id', w.bookings.paid).select('id'));
        expectRefused(await w.paidGuest.client.from('bookings').update({ check_out: stayDates(40, 6).check_out }).eq('id', w.bookings.paid).select('id'));
      });
    });

    it('lets decline-booking refuse a stranger and the guest (only the host, and it refunds)', async () => {
      await expectNothingChanged(t, async () => {
        expect((await invoke(w.stranger.client, 'decline-booking', { bookingId: w.bookings.paid })).status).toBe(404);
        expect((await invoke(w.paidGuest.client, 'decline-booking', { bookingId: w.bookings.paid })).status).toBe(404);
      });
    });
  });

  describe('completing a stay', () => {
    it('refuses marking a stay completed before its check-in', async () => {
      await expectNothingChanged(t, async () => {
        const result = await setStatus(w.visibleHost.client, w.bookings.acceptedFuture, 'completed');
        expectRefused(result, ['42501']);
        expect(result.error?.message).toMatch(/once it has started/);
      });
    });

    it('refuses the guest completing their own stay', async () => {
      await expectNothingChanged(t, async () => expectRefused(await setStatus(w.currentGuest.client, w.bookings.current, 'completed'), ['42501']));
    });
  });

  describe('requests and holds', () => {
    it("stores a request at the server's price, with no e-mail until it is paid, holding no dates", async () => {
      const { data, error } = await w.stranger.client.from('bookings').insert({
        user_id: w.stranger.id, property_id: w.villa.id, room_id: w.villa.roomIds[5]!, ...stayDates(200, 2),
        total_price: 1, status: 'pending_payment', guest_email: 'victim@example.com',
      }).select('id, total_price, guest_email, held_until').single();
      expect(error).toBeNull();
      // round(2 × 4.33 × $250) = $2,165
      // Not the forged e-mail, and none at all until the booking is paid (guest-email-privacy.test.ts).
      expect(data).toMatchObject({ total_price: 2165, guest_email: null, held_until: null });
      const { data: held } = await t.service().from('booked_dates').select('id').eq('booking_id', data!.id as string);
      expect(held).toEqual([]);
      await t.service().from('bookings').update({ status: 'cancelled' }).eq('id', data!.id as string);
    });

    it('refuses requests created paid, accepted, for someone else, with a payment, or of an odd length', async () => {
      await expectNothingChanged(t, async () => {
        const base = { property_id: w.villa.id, room_id: w.villa.roomIds[5]!, ...stayDates(200, 2), total_price: 1 };
        expectRefused(await w.stranger.client.from('bookings').insert({ ...base, user_id: w.stranger.id, status: 'paid' }).select('id'), ['42501']);
        expectRefused(await w.stranger.client.from('bookings').insert({ ...base, user_id: w.stranger.id, status: 'accepted' }).select('id'), ['42501']);
        expectRefused(await w.stranger.client.from('bookings').insert({ ...base, user_id: w.paidGuest.id, status: 'pending_payment' }).select('id'), ['42501']);
        expectRefused(await w.stranger.client.from('bookings').insert({ ...base, user_id: w.stranger.id, status: 'pending_payment', stripe_payment_intent_id: 'pi_fake' }).select('id'), ['42501']);
        expectRefused(await w.stranger.client.from('bookings').insert({ ...base, user_id: w.stranger.id, status: 'pending_payment', check_out: inDays(250) }).select('id'));
        expectRefused(await t.anon().from('bookings').insert({ ...base, user_id: w.stranger.id, status: 'pending_payment' }).select('id'));
      });
    });

    it('refuses writing booked_dates directly, for anyone but the server', async () => {
      await expectNothingChanged(t, async () => {
        const row = { booking_id: w.bookings.paid, property_id: w.villa.id, room_id: w.villa.roomIds[5]!, start_date: stayDates(300, 1).check_in, end_date: stayDates(300, 1).check_out, status: 'paid' };
        expectRefused(await w.stranger.client.from('booked_dates').insert(row).select('id'));
        expectRefused(await w.visibleHost.client.from('booked_dates').insert(row).select('id'));
        expectRefused(await t.anon().from('booked_dates').insert(row).select('id'));
        expectNoRows(await w.visibleHost.client.from('booked_dates').delete().eq('booking_id', w.bookings.paid).select('id'));
      });
    });

    it('caps unpaid requests: the 11th within a day is refused', async () => {
      const spammer = await t.signUp(`spam.${randomUUID().slice(0, 6)}@attack.test`, 'correct-horse-battery-1', { role: 'guest', full_name: 'Spam Spammer' });
      const request = (n: number) => spammer.client.from('bookings').insert({
        user_id: spammer.id, property_id: w.villa.id, room_id: w.villa.roomIds[n % 6]!, ...stayDates(400 + n * 40, 1), total_price: 1, status: 'pending_payment',
      }).select('id');
      for (let n = 0; n < 10; n += 1) expect((await request(n)).error).toBeNull();
      await expectNothingChanged(t, async () => {
        const refused = await request(10);
        expectRefused(refused, ['P0001']);
        expect(refused.error?.message).toMatch(/Too many unpaid booking requests/);
      });
    });

    it('caps live holds per guest: a fourth concurrent checkout is refused with 429', async () => {
      const hoarder = await t.signUp(`hoard.${randomUUID().slice(0, 6)}@attack.test`, 'correct-horse-battery-1', { role: 'guest', full_name: 'Hal Hoarder' });
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        const { data, error } = await hoarder.client.from('bookings').insert({
          user_id: hoarder.id, property_id: w.villa.id, room_id: w.villa.roomIds[n]!, ...stayDates(700, 1), total_price: 1, status: 'pending_payment',
        }).select('id').single();
        expect(error).toBeNull();
        statuses.push((await invoke(hoarder.client, 'create-checkout-session-v2', { booking_id: data!.id, user_id: hoarder.id })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const { data: holds } = await t.service().from('booked_dates').select('booking_id, bookings!inner(user_id)').eq('bookings.user_id', hoarder.id);
      expect(holds).toHaveLength(3);
    });

    it('caps renewals: a hold cannot be renewed for ever by restarting checkout', async () => {
      const renewer = await t.signUp(`renew.${randomUUID().slice(0, 6)}@attack.test`, 'correct-horse-battery-1', { role: 'guest', full_name: 'Ren Renewer' });
      const { data } = await renewer.client.from('bookings').insert({
        user_id: renewer.id, property_id: w.villa.id, room_id: w.villa.roomIds[5]!, ...stayDates(900, 1), total_price: 1, status: 'pending_payment',
      }).select('id').single();
      const bookingId = data!.id as string;
      const statuses: number[] = [];
      for (let n = 0; n < 6; n += 1) {
        statuses.push((await invoke(renewer.client, 'create-checkout-session-v2', { booking_id: bookingId, user_id: renewer.id })).status);
        // The guest lets the session run out (as if 31 minutes passed): the next call would start a new attempt.
        await t.server.ctx.db.query(`update public.booking_checkouts set expires_at = now() - interval '1 second' where booking_id = $1`, [bookingId]);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('holds that held', () => {
    it("keeps guests out of each other's bookings and hosts out of other hosts' bookings", async () => {
      expectNoRows(await w.stranger.client.from('bookings').select('id').eq('id', w.bookings.paid));
      expectNoRows(await w.currentGuest.client.from('bookings').select('id').eq('user_id', w.paidGuest.id));
      expectNoRows(await w.hiddenHost.client.from('bookings').select('id').eq('property_id', w.villa.id));
      expectRefused(await t.anon().from('bookings').select('id'));
    });

    it('refuses a forged service_role token, an unsigned token and a token for another project', async () => {
      await expectNothingChanged(t, async () => {
        const forged = await new SignJWT({ role: 'service_role', iss: 'supabase-demo' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
        const asForged = t.withToken(forged);
        expectRefused(await asForged.from('bookings').update({ status: 'declined' }).eq('id', w.bookings.paid).select('id'));
        const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role', exp: 4102444800 })).toString('base64url')}.`;
        expectRefused(await t.withToken(unsigned).from('bookings').select('id'));
        const selfMade = await new SignJWT({ sub: w.paidGuest.id, role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('1h').sign(new TextEncoder().encode('another-projects-secret-another-projects-secret'));
        expectRefused(await t.withToken(selfMade).from('bookings').select('id'));
      });
    });

    it('hides the server-only functions from the API', async () => {
      await expectNothingChanged(t, async () => {
        for (const [fn, args] of [
          ['begin_booking_checkout', { p_booking_id: w.bookings.paid, p_user_id: w.paidGuest.id }],
          ['settle_booking_payment', { p_booking_id: w.bookings.paid, p_session_id: 'cs_x', p_payment_intent_id: 'pi_x' }],
          ['release_expired_holds', {}],
          ['sync_booked_dates', {}],
          ['can_see_profile', { p_target: w.pastGuest.id }],
          ['is_property_host', { p_property_id: w.villa.id }],
          ['lock_room_dates', { p_room_id: w.villa.roomIds[0] }],
        ] as const) {
          const result = await w.stranger.client.rpc(fn, args);
          expect(result.status, fn).toBeGreaterThanOrEqual(400);
          expect(result.status, fn).toBeLessThan(500);
        }
      });
    });
  });

  it('lets the host accept a paid booking and complete a stay that has begun (the allowed path still works)', async () => {
    const accepted = await setStatus(w.visibleHost.client, w.bookings.paid, 'accepted');
    expect(accepted.error).toBeNull();
    expect(accepted.data).toHaveLength(1);
    const completed = await setStatus(w.visibleHost.client, w.bookings.current, 'completed');
    expect(completed.error).toBeNull();
    // Completing during the stay keeps the guest in the house chat until check-out.
    const { data: member } = await w.currentGuest.client.rpc('is_house_member', { p_property_id: w.villa.id });
    expect(member).toBe(true);
  });
});
