// Attacks on privacy through raw REST (supabase-js): who can read whose profile, who can message whom,
// who sees housemates, who may list. Each refused with a 4xx or no rows; nothing changes; the server serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';
import { buildAttackWorld, expectNoRows, expectNothingChanged, expectRefused, stayDates, type AttackWorld } from './support/attack-world.ts';

describe.each(testEngines)('attacks on privacy (%s)', (engine) => {
  let t: TestServer;
  let w: AttackWorld;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    w = await buildAttackWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const message = (from: AttackWorld['stranger'], to: string, text: string, type = 'guest_guest') =>
    from.client.from('messages').insert({ sender_id: from.id, receiver_id: to, text, conversation_type: type }).select('id');

  describe('reviewers', () => {
    it("does not open a reviewer's profile row to anon or to strangers", async () => {
      expectNoRows(await t.anon().from('profiles').select('*').eq('id', w.pastGuest.id));
      expectNoRows(await w.stranger.client.from('profiles').select('age, bio').eq('id', w.pastGuest.id));
      expectNoRows(await t.anon().from('user_roles').select('*').eq('user_id', w.pastGuest.id));
    });

    it("serves a reviewer's public face, name and photo only, and nothing for people who wrote no review", async () => {
      const { data, error } = await t.anon().rpc('get_review_authors', { p_user_ids: [w.pastGuest.id, w.stranger.id, w.paidGuest.id] });
      expect(error).toBeNull();
      expect(data).toEqual([{ id: w.pastGuest.id, name: 'Pete Past', profile_photo: null }]);
    });

    it('does not let a new user message a reviewer', async () => {
      await expectNothingChanged(t, async () => expectRefused(await message(w.stranger, w.pastGuest.id, 'saw your review'), ['42501']));
    });
  });

  describe('hidden hosts', () => {
    it('stay hidden from anon, and a throwaway unpaid or cancelled booking unmasks nothing', async () => {
      expectNoRows(await t.anon().from('profiles').select('*').eq('id', w.hiddenHost.id));
      const { data, error } = await w.stranger.client.from('bookings').insert({
        user_id: w.stranger.id, property_id: w.hiddenVilla.id, room_id: w.hiddenVilla.roomIds[0]!, ...stayDates(30, 1), total_price: 1, status: 'pending_payment',
      }).select('id').single();
      expect(error).toBeNull();
      expectNoRows(await w.stranger.client.from('profiles').select('*').eq('id', w.hiddenHost.id));
      await w.stranger.client.from('bookings').update({ status: 'cancelled' }).eq('id', data!.id as string);
      expectNoRows(await w.stranger.client.from('profiles').select('*').eq('id', w.hiddenHost.id));
      await expectNothingChanged(t, async () => expectRefused(await message(w.stranger, w.hiddenHost.id, 'found you', 'host_guest'), ['42501']));
    });

    it('open to their guest once a booking is paid (the allowed path)', async () => {
      const { error } = await t.service().from('bookings').insert({
        user_id: w.currentGuest.id, property_id: w.hiddenVilla.id, room_id: w.hiddenVilla.roomIds[1]!, ...stayDates(60, 1),
        total_price: 1083, status: 'paid', stripe_payment_intent_id: 'pi_hidden_paid',
      });
      expect(error).toBeNull();
      const { data } = await w.currentGuest.client.from('profiles').select('id').eq('id', w.hiddenHost.id);
      expect(data).toEqual([{ id: w.hiddenHost.id }]);
      expect((await message(w.currentGuest, w.hiddenHost.id, 'Hi, about my stay', 'host_guest')).error).toBeNull();
    });
  });

  describe('messaging rests on a relationship', () => {
    it('refuses messaging a guest you share nothing with', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await message(w.stranger, w.paidGuest.id, 'hello'), ['42501']);
        expectRefused(await message(w.visibleHost, w.stranger.id, 'promo', 'host_guest'), ['42501']);
      });
    });

    it('refuses sending as someone else, or to yourself', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await w.stranger.client.from('messages').insert({ sender_id: w.paidGuest.id, receiver_id: w.visibleHost.id, text: 'spoof' }).select('id'), ['42501']);
        expectRefused(await message(w.stranger, w.stranger.id, 'me'));
      });
    });

    it('refuses anon reading or writing messages', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await t.anon().from('messages').select('id'));
        expectRefused(await t.anon().from('messages').insert({ sender_id: w.stranger.id, receiver_id: w.visibleHost.id, text: 'x' }).select('id'));
      });
    });

    it('lets a guest ask a visible host about their listing, and the host reply (inquiry)', async () => {
      expect((await message(w.stranger, w.visibleHost.id, 'Is the villa quiet?', 'host_guest')).error).toBeNull();
      expect((await message(w.visibleHost, w.stranger.id, 'Very quiet.', 'host_guest')).error).toBeNull();
    });

    it("keeps other people's conversations out of reach", async () => {
      expectNoRows(await w.paidGuest.client.from('messages').select('id').eq('sender_id', w.stranger.id));
      expectNoRows(await w.paidGuest.client.from('messages').update({ read_at: new Date().toISOString() }).eq('receiver_id', w.visibleHost.id).select('id'));
    });
  });

  describe("Who's Staying", () => {
    it('shows current housemates to a guest with a current or upcoming stay, and to the host', async () => {
      // The paid guest also has an accepted stay there in four months: upcoming, so they see who is there.
      const asUpcoming = await w.paidGuest.client.rpc('get_housemates', { p_property_id: w.villa.id });
      expect((asUpcoming.data as { user_id: string }[]).map((h) => h.user_id)).toEqual([w.currentGuest.id]);
      const asHost = await w.visibleHost.client.rpc('get_housemates', { p_property_id: w.villa.id });
      expect((asHost.data as { user_id: string }[]).map((h) => h.user_id)).toContain(w.currentGuest.id);
    });

    it('shows nothing to a past guest whose stay ended, nor lets them message current housemates', async () => {
      const result = await w.pastGuest.client.rpc('get_housemates', { p_property_id: w.villa.id });
      expect(result.error).toBeNull();
      expect(result.data).toEqual([]);
      await expectNothingChanged(t, async () => expectRefused(await message(w.pastGuest, w.currentGuest.id, 'still around?'), ['42501']));
    });

    it('shows nothing to anon, strangers or other hosts', async () => {
      expectRefused(await t.anon().rpc('get_housemates', { p_property_id: w.villa.id }));
      expect((await w.stranger.client.rpc('get_housemates', { p_property_id: w.villa.id })).data).toEqual([]);
      expect((await w.hiddenHost.client.rpc('get_housemates', { p_property_id: w.villa.id })).data).toEqual([]);
    });
  });

  describe('listings and accounts', () => {
    it('refuses a guest listing a property', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await w.stranger.client.from('properties').insert({ host_id: w.stranger.id, name: 'Fake Villa', city: 'Bali', country: 'Indonesia' }).select('id'), ['42501']);
      });
    });

    it('refuses a guest making themselves a host', async () => {
      await expectNothingChanged(t, async () => {
        expectRefused(await w.stranger.client.from('user_roles').update({ role: 'host' }).eq('user_id', w.stranger.id).select('user_id'));
        expectRefused(await w.stranger.client.from('user_roles').upsert({ user_id: w.stranger.id, role: 'host' }, { onConflict: 'user_id' }).select('user_id'));
      });
    });

    it("refuses writing someone else's profile, or one's own payout and verification fields", async () => {
      await expectNothingChanged(t, async () => {
        expectNoRows(await w.stranger.client.from('profiles').update({ name: 'Hacked' }).eq('id', w.paidGuest.id).select('id'));
        expectRefused(await t.anon().from('profiles').update({ name: 'Hacked' }).eq('id', w.paidGuest.id).select('id'));
        expectRefused(await w.stranger.client.from('profiles').update({ stripe_account_id: 'acct_stolen' }).eq('id', w.stranger.id).select('id'));
        expectRefused(await w.stranger.client.from('profiles').update({ verification_status: 'verified' }).eq('id', w.stranger.id).select('id'));
      });
    });

    it("refuses editing or deleting another host's listing and rooms", async () => {
      await expectNothingChanged(t, async () => {
        expectNoRows(await w.hiddenHost.client.from('properties').update({ name: 'Mine now' }).eq('id', w.villa.id).select('id'));
        expectNoRows(await w.hiddenHost.client.from('properties').delete().eq('id', w.villa.id).select('id'));
        expectNoRows(await w.hiddenHost.client.from('rooms').update({ price_per_week: 1 }).eq('property_id', w.villa.id).select('id'));
        expectRefused(await w.hiddenHost.client.from('rooms').insert({ property_id: w.villa.id, name: 'Squat', price_per_week: 1 }).select('id'), ['42501']);
      });
    });
  });
});
