// Who's Staying, profile privacy, direct messages, house chat and the inbox summaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createProperty, createRoom, createUser } from './support/fixtures.ts';
import type { TestDatabase } from './support/test-database.ts';
import { anon, engines, errorOf, inRolledBackRequest, openMigratedDatabase, queryAs, user } from './support/test-database.ts';

interface Housemate {
  user_id: string;
  first_initial: string;
  age_band: string | null;
  profession: string | null;
  work_timezone: string | null;
  interests: string[];
}

interface Summary {
  other_user_id: string | null;
  other_user_name: string;
  last_message: string | null;
  unread_count: number;
  conversation_type: string;
  property_id: string | null;
}

describe.each(engines)('community (%s)', (engine) => {
  let handle: TestDatabase;
  let host: string;
  let hiddenHost: string;
  let otherHost: string;
  let stayer: string; // accepted, current, opted in
  let optedOut: string; // accepted, current, opted out
  let arriving: string; // accepted, starts in 10 days
  let later: string; // accepted, starts in 60 days (Who's Staying yes, house chat no)
  let farFuture: string; // accepted, starts in 120 days (outside 90-day window)
  let unpaid: string; // paid but not accepted
  let outsider: string; // no booking
  let villa: string;
  let hiddenVilla: string;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    const db = handle.db;
    host = await createUser(db, { role: 'host', name: 'Hana Host' });
    hiddenHost = await createUser(db, { role: 'host', name: 'Hidden Host', isVisibleToGuests: false });
    otherHost = await createUser(db, { role: 'host', name: 'Omar Host' });
    stayer = await createUser(db, { name: 'stella Stayer', age: 27, interests: ['Surfing', 'Yoga', 'Coffee', 'Design', 'Art'], profession: 'Designer', workTimezone: 'Asia/Singapore' });
    optedOut = await createUser(db, { name: 'Oscar Private', showInWhosStaying: false });
    arriving = await createUser(db, { name: 'Arne Arriving', age: 40 });
    later = await createUser(db, { name: 'Lea Later', age: null });
    farFuture = await createUser(db, { name: 'Fiona Future' });
    unpaid = await createUser(db, { name: 'Paul Paid' });
    outsider = await createUser(db, { name: 'Otto Outsider' });
    villa = await createProperty(db, host, { name: 'Community Villa' });
    hiddenVilla = await createProperty(db, hiddenHost, { name: 'Hidden Villa' });
    await createProperty(db, otherHost);
    const stay = async (guestId: string, checkIn: number, nights: number, status: string, propertyId = villa) =>
      createBooking(db, { guestId, propertyId, roomId: await createRoom(db, propertyId), checkIn, nights, status });
    await stay(stayer, -10, 60, 'accepted');
    await stay(optedOut, -5, 40, 'accepted');
    await stay(arriving, 10, 40, 'accepted');
    await stay(later, 60, 40, 'accepted');
    await stay(farFuture, 120, 40, 'accepted');
    await stay(unpaid, 5, 40, 'paid');
  });

  afterAll(async () => {
    await handle?.close();
  });

  const housemates = (viewer: string) =>
    queryAs<Housemate>(handle.db, user(viewer), 'select * from public.get_housemates($1)', [villa]);

  describe("Who's Staying", () => {
    it('returns only opted-in guests with accepted stays in the next 90 days, with the allowed fields', async () => {
      const rows = await housemates(host);
      expect(rows.map((r) => r.user_id).sort()).toEqual([stayer, arriving, later].sort());
      const stella = rows.find((r) => r.user_id === stayer)!;
      expect(stella).toMatchObject({ first_initial: 'S', age_band: '25-29', profession: 'Designer', work_timezone: 'Asia/Singapore', interests: ['Surfing', 'Yoga', 'Coffee'] });
      expect(Object.keys(stella).sort()).toEqual(['age_band', 'check_in', 'check_out', 'first_initial', 'interests', 'profession', 'user_id', 'work_timezone']);
      expect(rows.find((r) => r.user_id === arriving)?.age_band).toBe('40-44');
      expect(rows.find((r) => r.user_id === later)?.age_band).toBeNull();
    });

    it('never returns a guest who opted out, and leaves the caller out', async () => {
      for (const viewer of [host, stayer, arriving, optedOut]) {
        const ids = (await housemates(viewer)).map((r) => r.user_id);
        expect(ids).not.toContain(optedOut);
        expect(ids).not.toContain(viewer);
      }
    });

    it('answers nothing to outsiders, other hosts, guests without an accepted booking and anon', async () => {
      expect(await housemates(outsider)).toEqual([]);
      expect(await housemates(otherHost)).toEqual([]);
      expect(await housemates(unpaid)).toEqual([]);
      // anon either may not call it at all or gets no rows (auth.uid() is null)
      const asAnon = await queryAs(handle.db, anon, 'select * from public.get_housemates($1)', [villa]).catch((error: { code?: string }) => error.code);
      expect(asAnon === '42501' || (Array.isArray(asAnon) && asAnon.length === 0)).toBe(true);
    });
  });

  describe('profile privacy', () => {
    const visibleIds = async (viewer: string | null) =>
      (await queryAs<{ id: string }>(handle.db, viewer ? user(viewer) : anon, 'select id from public.profiles')).map((r) => r.id);

    it('shows visible hosts to everyone and hides hosts who opted out of being shown', async () => {
      const seenByAnon = await visibleIds(null);
      expect(seenByAnon).toContain(host);
      expect(seenByAnon).not.toContain(hiddenHost);
      expect(await visibleIds(outsider)).not.toContain(hiddenHost);
      expect(seenByAnon).not.toContain(stayer);
    });

    it("lets a host see their guests and guests see their host, but not other guests' profiles", async () => {
      const hostSees = await visibleIds(host);
      expect(hostSees).toEqual(expect.arrayContaining([stayer, optedOut, arriving, unpaid]));
      const guestSees = await visibleIds(stayer);
      expect(guestSees).toContain(host);
      expect(guestSees).not.toContain(optedOut);
      expect(guestSees).not.toContain(outsider);
      const hiddenGuest = await createUser(handle.db, { name: 'Hidden Guest' });
      await createBooking(handle.db, { guestId: hiddenGuest, propertyId: hiddenVilla, roomId: await createRoom(handle.db, hiddenVilla), checkIn: 5, nights: 30, status: 'paid' });
      expect(await visibleIds(hiddenGuest)).toContain(hiddenHost);
    });

    it('keeps payout and verification fields out of the user’s hands', async () => {
      const forge = `update public.profiles set stripe_account_id = 'acct_fake', verification_status = 'verified', bio = 'hi' where id = $1`;
      // The column grants refuse it outright...
      expect((await errorOf(queryAs(handle.db, user(outsider), forge, [outsider])))?.code).toBe('42501');
      // ...and where a platform re-grants whole tables, the trigger still keeps the fields.
      const after = await inRolledBackRequest(handle.db, user(outsider), {
        prepare: 'grant update on public.profiles to authenticated',
        fn: async (tx) => {
          await tx.query(forge, [outsider]);
          return (await tx.query('select stripe_account_id, verification_status, bio from public.profiles where id = $1', [outsider])).rows;
        },
      });
      expect(after).toEqual([{ stripe_account_id: null, verification_status: 'unverified', bio: 'hi' }]);
    });
  });

  describe('direct messages', () => {
    const send = (from: string, to: string, text: string, type = 'host_guest') =>
      queryAs<{ id: string }>(handle.db, user(from),
        'insert into public.messages (sender_id, receiver_id, conversation_type, text) values ($1, $2, $3, $4) returning id', [from, to, type, text]);

    it('delivers to the pair only and refuses sending as someone else or blank text', async () => {
      await send(outsider, host, 'Is the villa free in June?');
      const hostView = await queryAs(handle.db, user(host), 'select text from public.messages where sender_id = $1', [outsider]);
      expect(hostView).toEqual([{ text: 'Is the villa free in June?' }]);
      expect(await queryAs(handle.db, user(stayer), 'select text from public.messages where sender_id = $1', [outsider])).toEqual([]);
      expect((await errorOf(queryAs(handle.db, user(stayer), `insert into public.messages (sender_id, receiver_id, text) values ($1, $2, 'spoof')`, [outsider, host])))?.code).toBe('42501');
      expect((await errorOf(send(outsider, host, '   ')))?.code).toBe('23514');
      expect((await errorOf(queryAs(handle.db, user(host), `update public.messages set text = 'edited' where sender_id = $1`, [outsider])))?.code).toBe('42501');
    });

    it('lets guests message opted-in housemates but not hidden hosts or strangers', async () => {
      await expect(send(arriving, stayer, 'Hi housemate!', 'guest_guest')).resolves.toHaveLength(1);
      expect((await errorOf(send(arriving, optedOut, 'Hi?', 'guest_guest')))?.code).toBe('42501');
      expect((await errorOf(send(outsider, hiddenHost, 'Hello?')))?.code).toBe('42501');
      expect((await errorOf(send(outsider, stayer, 'Hello stranger', 'guest_guest')))?.code).toBe('42501');
    });

    it('summarises conversations with unread counts and marks them read', async () => {
      const pal = await createUser(handle.db, { name: 'Pia Pal' });
      const friend = await createUser(handle.db, { name: 'Finn Friend' });
      await createBooking(handle.db, { guestId: pal, propertyId: villa, roomId: await createRoom(handle.db, villa), checkIn: 200, nights: 30, status: 'paid' });
      await send(host, pal, 'Welcome!');
      await send(host, pal, 'Your room is ready.');
      await send(pal, host, 'Thanks!');
      await handle.db.query(`insert into public.messages (sender_id, receiver_id, conversation_type, text, created_at) values ($1, $2, 'guest_guest', 'Old hello', now() - interval '1 day')`, [friend, pal]);

      const summaries = await queryAs<Summary>(handle.db, user(pal), 'select * from public.get_conversation_summaries()');
      expect(summaries.map((s) => [s.other_user_id, s.other_user_name, s.last_message, s.unread_count, s.conversation_type])).toEqual([
        [host, 'Hana Host', 'Thanks!', 2, 'host_guest'],
        [friend, 'Finn Friend', 'Old hello', 1, 'guest_guest'],
      ]);

      const [marked] = await queryAs<{ n: number }>(handle.db, user(pal), 'select public.mark_conversation_read($1) as n', [host]);
      expect(marked!.n).toBe(2);
      const after = await queryAs<Summary>(handle.db, user(pal), 'select * from public.get_conversation_summaries()');
      expect(after.find((s) => s.other_user_id === host)?.unread_count).toBe(0);
      // the sender's own view is unaffected by the receiver's reads of other threads
      const hostSummary = await queryAs<Summary>(handle.db, user(host), 'select * from public.get_conversation_summaries()');
      expect(hostSummary.find((s) => s.other_user_id === pal)?.unread_count).toBe(1);
    });

    it("names a partner whose profile the viewer may not see 'Unknown User'", async () => {
      const ghost = await createUser(handle.db, { name: 'Gus Ghost' });
      await handle.db.query(`insert into public.messages (sender_id, receiver_id, text) values ($1, $2, 'psst')`, [outsider, ghost]);
      await handle.db.query('update public.profiles set is_visible_to_guests = false where id = $1', [ghost]);
      const rows = await queryAs<Summary>(handle.db, user(outsider), 'select * from public.get_conversation_summaries()');
      expect(rows.find((s) => s.other_user_id === ghost)?.other_user_name).toBe('Unknown User');
    });
  });

  describe('house chat', () => {
    const post = (from: string, text: string) =>
      queryAs(handle.db, user(from), `insert into public.messages (sender_id, property_id, conversation_type, text) values ($1, $2, 'house', $3)`, [from, villa, text]);
    const isMember = async (viewer: string) =>
      (await queryAs<{ m: boolean }>(handle.db, user(viewer), 'select public.is_house_member($1) as m', [villa]))[0]!.m;

    it('admits the host and guests whose accepted stay is current or starts within 14 days', async () => {
      expect(await isMember(host)).toBe(true);
      expect(await isMember(stayer)).toBe(true);
      expect(await isMember(optedOut)).toBe(true);
      expect(await isMember(arriving)).toBe(true);
      expect(await isMember(later)).toBe(false);
      expect(await isMember(unpaid)).toBe(false);
      expect(await isMember(outsider)).toBe(false);
      expect(await isMember(otherHost)).toBe(false);
    });

    it('lets members post and read, and keeps everyone else out', async () => {
      await post(host, 'Dinner at 7!');
      await post(stayer, 'I will cook.');
      expect((await errorOf(post(later, 'Can I join?')))?.code).toBe('42501');
      expect((await errorOf(post(outsider, 'Hi')))?.code).toBe('42501');
      const read = (viewer: string) => queryAs<{ text: string }>(handle.db, user(viewer), `select text from public.messages where conversation_type = 'house' and property_id = $1 order by created_at`, [villa]);
      expect((await read(arriving)).map((r) => r.text)).toEqual(['Dinner at 7!', 'I will cook.']);
      expect(await read(later)).toEqual([]);
      expect(await read(outsider)).toEqual([]);
    });

    it('counts unread house messages after the read cursor', async () => {
      const house = async (viewer: string) =>
        (await queryAs<Summary>(handle.db, user(viewer), 'select * from public.get_conversation_summaries()')).find((s) => s.conversation_type === 'house');
      const before = await house(arriving);
      expect(before).toMatchObject({ property_id: villa, other_user_id: null, other_user_name: 'Community Villa' });
      expect(before!.unread_count).toBeGreaterThanOrEqual(2);
      await queryAs(handle.db, user(arriving), 'select public.mark_house_chat_read($1)', [villa]);
      expect((await house(arriving))!.unread_count).toBe(0);
      await post(stayer, 'Bring plates.');
      expect((await house(arriving))!.unread_count).toBe(1);
      expect((await house(stayer))!.last_message).toBe('Bring plates.');
      expect(await house(outsider)).toBeUndefined();
      expect(await queryAs(handle.db, user(outsider), 'select public.mark_house_chat_read($1) as at', [villa])).toEqual([{ at: null }]);
    });
  });
});
