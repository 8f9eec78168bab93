// mark_conversation_read / mark_house_chat_read with p_up_to (migration 20250601001400,
// docs/decisions/mark-read-up-to.md): a late replay marks only what the reader saw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createProperty, createRoom, createUser } from './support/fixtures.ts';
import type { TestDatabase } from './support/test-database.ts';
import { anon, engines, errorOf, openMigratedDatabase, queryAs, user } from './support/test-database.ts';

describe.each(engines)('mark read up to (%s)', (engine) => {
  let handle: TestDatabase;
  let host: string;
  let guest: string; // staying now: a house member
  let other: string; // another guest of the same host
  let outsider: string;
  let villa: string;

  /** Inserts as the owner with a chosen created_at; returns the id and created_at exactly as the API would send it. */
  async function message(from: string, to: string | null, ago: string, type = 'host_guest'): Promise<{ id: string; at: string }> {
    const { rows } = await handle.db.query<{ id: string; at: string }>(
      `insert into public.messages (sender_id, receiver_id, property_id, conversation_type, text, created_at)
       values ($1, $2, $3, $4, 'hi', now() - $5::interval) returning id, to_json(created_at) #>> '{}' as at`,
      [from, to, type === 'house' ? villa : null, type, ago],
    );
    return rows[0]!;
  }
  const readAt = async (id: string) => (await handle.db.query<{ read_at: string | null }>('select read_at from public.messages where id = $1', [id])).rows[0]!.read_at;
  const cursorOf = async (who: string) =>
    (await handle.db.query<{ at: string | null }>(`select to_json(last_read_at) #>> '{}' as at from public.house_chat_reads where property_id = $1 and user_id = $2`, [villa, who])).rows[0]?.at ?? null;
  const markDirect = async (who: string, from: string, upTo: string) =>
    (await queryAs<{ n: number }>(handle.db, user(who), 'select public.mark_conversation_read($1, $2::timestamptz) as n', [from, upTo]))[0]!.n;
  const markHouse = async (who: string, upTo: string) =>
    (await queryAs<{ at: string | null }>(handle.db, user(who), `select to_json(public.mark_house_chat_read($1, $2::timestamptz)) #>> '{}' as at`, [villa, upTo]))[0]!.at;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    host = await createUser(handle.db, { role: 'host', name: 'Hana Host' });
    guest = await createUser(handle.db, { name: 'Gina Guest' });
    other = await createUser(handle.db, { name: 'Olli Other' });
    outsider = await createUser(handle.db, { name: 'Otto Outsider' });
    villa = await createProperty(handle.db, host, { name: 'Read Villa' });
    for (const who of [guest, other]) {
      await createBooking(handle.db, { guestId: who, propertyId: villa, roomId: await createRoom(handle.db, villa), checkIn: -3, nights: 30, status: 'accepted' });
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('leaves a message that arrived after p_up_to unread, and the exact p_up_to message included', async () => {
    const seen1 = await message(host, guest, '3 hours');
    const seen2 = await message(host, guest, '2 hours');
    const late = await message(host, guest, '1 hour');
    expect(await markDirect(guest, host, seen2.at)).toBe(2);
    expect(await readAt(seen1.id)).not.toBeNull();
    expect(await readAt(seen2.id)).not.toBeNull();
    expect(await readAt(late.id)).toBeNull();
    // A replay changes nothing.
    expect(await markDirect(guest, host, seen2.at)).toBe(0);
    // A p_up_to in the future is capped at now().
    const future = await message(host, guest, '-1 hour');
    expect(await markDirect(guest, host, '2999-01-01T00:00:00Z')).toBe(1);
    expect(await readAt(late.id)).not.toBeNull();
    expect(await readAt(future.id)).toBeNull();
  });

  it("never touches another user's messages", async () => {
    const toOther = await message(host, other, '2 hours');
    const fromGuestToHost = await message(guest, host, '2 hours');
    const fromOtherToGuest = await message(other, guest, '2 hours', 'guest_guest');
    expect(await markDirect(guest, host, new Date().toISOString())).toBeGreaterThanOrEqual(0);
    expect(await readAt(toOther.id)).toBeNull();
    expect(await readAt(fromGuestToHost.id)).toBeNull();
    expect(await readAt(fromOtherToGuest.id)).toBeNull();
    // Naming the other user as the caller's partner still only reaches messages addressed to the caller.
    expect(await markDirect(outsider, host, new Date().toISOString())).toBe(0);
    expect(await readAt(toOther.id)).toBeNull();
  });

  it('keeps the one-argument function (message.markRead@1 replays) marking up to now', async () => {
    const queued = await message(host, guest, '10 minutes');
    const [row] = await queryAs<{ n: number }>(handle.db, user(guest), 'select public.mark_conversation_read($1) as n', [host]);
    expect(row!.n).toBeGreaterThanOrEqual(1);
    expect(await readAt(queued.id)).not.toBeNull();
    const [cursor] = await queryAs<{ at: string | null }>(handle.db, user(other), 'select public.mark_house_chat_read($1) as at', [villa]);
    expect(cursor!.at).not.toBeNull();
  });

  it('moves the house cursor to least(now(), p_up_to) and never backwards', async () => {
    const older = await message(host, null, '2 hours', 'house');
    const newer = await message(host, null, '1 hour', 'house');
    expect(await markHouse(guest, newer.at)).toBe(newer.at);
    expect(await cursorOf(guest)).toBe(newer.at);
    // A late replay of an older mark-read leaves the cursor where it is.
    expect(await markHouse(guest, older.at)).toBe(newer.at);
    expect(await cursorOf(guest)).toBe(newer.at);
    // A p_up_to in the future moves it only to now.
    const future = await markHouse(guest, '2999-01-01T00:00:00Z');
    expect(Date.parse(future!)).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(Date.parse(future!)).toBeGreaterThan(Date.parse(newer.at));
    // Only the caller's cursor moves; outsiders get no cursor at all.
    const otherBefore = await cursorOf(other);
    await markHouse(guest, new Date().toISOString());
    expect(await cursorOf(other)).toBe(otherBefore);
    expect(await markHouse(outsider, new Date().toISOString())).toBeNull();
    expect(await cursorOf(outsider)).toBeNull();
  });

  it('refuses anon', async () => {
    for (const sql of [
      'select public.mark_conversation_read($1::uuid, now())',
      'select public.mark_house_chat_read($1::uuid, now())',
      'select public.mark_conversation_read($1::uuid)',
      'select public.mark_house_chat_read($1::uuid)',
    ]) {
      expect((await errorOf(queryAs(handle.db, anon, sql, [host])))?.code, sql).toBe('42501');
    }
  });
});
