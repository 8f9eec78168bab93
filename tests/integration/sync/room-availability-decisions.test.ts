// set_room_availability (migration 20250601002400, docs/decisions/room-availability-later-decision.md) through
// supabase-js against the stand-in, and room.setAvailability@2 / @1 through the sync engine: a toggle decided
// before another device's later toggles never reverts them, the device is told, and only the host writes.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/db.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import type { SyncNotice } from '../../../src/sync/commands/command.ts';
import { roomAvailabilityChange, setRoomAvailability, setRoomAvailabilityV1 } from '../../../src/sync/commands/room-set-availability.ts';
import { momentNow } from '../../../src/sync/elapsed-time.ts';
import { createSyncEngine, type SyncEngineOptions } from '../../../src/sync/engine.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

describe.each(testEngines)('room availability decisions on %s', (engineKind) => {
  let t: TestServer;
  let host: TestUser;
  let other: TestUser;
  let roomId: string;

  const roomOf = async () => {
    const { data, error } = await t.service().from('rooms').select('*').eq('id', roomId).single();
    if (error) throw error;
    return data as { is_available: boolean; availability_decided_at: string; version: number; name: string };
  };
  const decide = (client: SupabaseClient, isAvailable: boolean, basedOn: string | null, msAgo: number) =>
    client.rpc('set_room_availability', { p_room_id: roomId, p_is_available: isAvailable, p_based_on: basedOn, p_decided_ms_ago: msAgo });
  const answerOf = (data: unknown) => data as { room: { is_available: boolean; availability_decided_at: string }; kept: boolean };

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    [host, other] = await Promise.all([t.signUp('rhea.rooms@example.com', undefined, { full_name: 'Rhea', role: 'host' }), t.signUp('otto.other@example.com', undefined, { full_name: 'Otto', role: 'host' })]);
    const { data: property, error } = await t.service().from('properties').insert({ host_id: host.id, name: 'Casa Toggle', city: 'Porto', country: 'Portugal' }).select('id').single();
    if (error) throw error;
    const { data: room, error: roomError } = await t.service().from('rooms').insert({ property_id: (property as { id: string }).id, name: 'Sea Room', price_per_week: 300 }).select('id').single();
    if (roomError) throw roomError;
    roomId = (room as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    const { error } = await t.service().from('rooms').update({ is_available: true }).eq('id', roomId);
    if (error) throw error;
  });

  describe('the rule', () => {
    it('writes a toggle based on the current decision and moves the stamp on', async () => {
      const before = await roomOf();
      const { data, error } = await decide(host.client, false, before.availability_decided_at, 0);
      expect(error).toBeNull();
      expect(answerOf(data)).toMatchObject({ kept: false, room: { is_available: false } });
      const after = await roomOf();
      expect(after.is_available).toBe(false);
      expect(Date.parse(after.availability_decided_at)).toBeGreaterThan(Date.parse(before.availability_decided_at));
    });

    it('keeps a later decision made elsewhere: switched off and on again, an older stale toggle is kept out and reported', async () => {
      const seen = (await roomOf()).availability_decided_at;
      // The other device: off, then on again (after the stale toggle was decided, 60 s ago).
      expect((await decide(host.client, false, seen, 0)).error).toBeNull();
      expect((await decide(host.client, true, (await roomOf()).availability_decided_at, 0)).error).toBeNull();
      const { data, error } = await decide(host.client, false, seen, 60_000);
      expect(error).toBeNull();
      expect(answerOf(data)).toMatchObject({ kept: true, room: { is_available: true } });
      expect((await roomOf()).is_available).toBe(true);
    });

    it('writes a stale toggle that was decided after the decision made elsewhere', async () => {
      const seen = (await roomOf()).availability_decided_at;
      expect((await decide(host.client, false, seen, 0)).error).toBeNull();
      // Decided "in the future" of that one: a negative age counts as now, which is still later.
      const { data } = await decide(host.client, true, seen, -5_000);
      expect(answerOf(data).kept).toBe(false);
      expect((await roomOf()).is_available).toBe(true);
    });

    it('an unknown base (an entry of the old command) is judged by its decision time alone', async () => {
      expect((await decide(host.client, false, null, 0)).error).toBeNull();
      expect(answerOf((await decide(host.client, true, null, 120_000)).data).kept).toBe(true);
      expect((await roomOf()).is_available).toBe(false);
    });

    it('a replay or the same decision elsewhere changes nothing and is no conflict', async () => {
      const before = await roomOf();
      const { data } = await decide(host.client, true, '2000-01-01T00:00:00Z', 999_999_999);
      expect(answerOf(data).kept).toBe(false);
      expect((await roomOf()).version).toBe(before.version);
    });

    it('a plain PATCH of is_available is a decision made now; a stamp in the future is brought back to now', async () => {
      const before = await roomOf();
      expect((await host.client.from('rooms').update({ is_available: false }).eq('id', roomId)).error).toBeNull();
      const patched = await roomOf();
      expect(Date.parse(patched.availability_decided_at)).toBeGreaterThan(Date.parse(before.availability_decided_at));
      expect((await host.client.from('rooms').update({ availability_decided_at: '2999-01-01T00:00:00Z' }).eq('id', roomId)).error).toBeNull();
      expect(Date.parse((await roomOf()).availability_decided_at)).toBeLessThanOrEqual(Date.now() + 60_000);
    });
  });

  describe('attacks', () => {
    it("another host cannot toggle the room (not found, nothing written)", async () => {
      const { error } = await decide(other.client, false, null, 0);
      expect(error?.code).toBe('P0002');
      expect((await roomOf()).is_available).toBe(true);
    });

    it('cannot be called without a session', async () => {
      const { error } = await decide(t.anon(), false, null, 0);
      expect(error).not.toBeNull();
      expect((await roomOf()).is_available).toBe(true);
    });

    it('refuses missing arguments with 22023', async () => {
      const { error } = await host.client.rpc('set_room_availability', { p_room_id: roomId, p_is_available: null, p_based_on: null, p_decided_ms_ago: 0 });
      expect(error?.code).toBe('22023');
    });
  });

  describe('through the sync engine', () => {
    const engineFor = (db: AppDb, extra: Partial<SyncEngineOptions> = {}) =>
      createSyncEngine({ db, userId: host.id, remote: createSupabaseSyncRemote(() => Promise.resolve(host.client)), realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000, ...extra });

    async function device(extra: Partial<SyncEngineOptions> = {}) {
      const db = new AppDb(host.id, { name: `device-${randomUUID()}` });
      const engine = engineFor(db, extra);
      const notices: SyncNotice[] = [];
      engine.subscribeNotices((notice) => notices.push(notice));
      await engine.start();
      await engine.pullNow();
      const room = async () => (await db.rooms.get(roomId))!;
      return { db, engine, notices, room, close: async () => { await engine.stop(); db.close(); } };
    }

    it("an older offline toggle does not revert another device's later two toggles; the device is told and shows the kept value", async () => {
      const laptop = await device();
      const phone = await device();
      // The laptop toggles while offline (not sent yet), a minute before the phone's two toggles.
      await laptop.engine.run(setRoomAvailability, roomAvailabilityChange(await laptop.room(), false, momentNow(Date.now() - 60_000, performance.now() - 60_000)));
      expect((await laptop.room()).is_available).toBe(false);
      await phone.engine.run(setRoomAvailability, roomAvailabilityChange(await phone.room(), false));
      await phone.engine.pushNow();
      await phone.engine.pullNow();
      await phone.engine.run(setRoomAvailability, roomAvailabilityChange(await phone.room(), true));
      await phone.engine.pushNow();
      expect((await roomOf()).is_available).toBe(true);

      await laptop.engine.pushNow();
      expect((await roomOf()).is_available).toBe(true);
      expect(laptop.notices).toEqual([{ kind: 'room-availability-kept', roomName: 'Sea Room', isAvailable: true }]);
      expect(await laptop.room()).toMatchObject({ is_available: true });
      expect((await laptop.room())._status).toBeUndefined();
      expect(phone.notices).toEqual([]);
      await Promise.all([laptop.close(), phone.close()]);
    });

    it("a later toggle waiting while the device clock is corrected by hours still wins over another device's earlier one", async () => {
      // The laptop's clock is set 3 h forward by the network while its toggle waits (the signal returns).
      let laptopOffsetMs = 0;
      const laptop = await device({ clock: { now: () => Date.now() + laptopOffsetMs, setTimeout: (task, ms) => { const id = setTimeout(task, ms); return () => clearTimeout(id); } } });
      const phone = await device();
      await phone.engine.run(setRoomAvailability, roomAvailabilityChange(await phone.room(), false, momentNow(Date.now() - 60_000, performance.now() - 60_000)));
      await laptop.engine.run(setRoomAvailability, roomAvailabilityChange(await laptop.room(), true));
      await phone.engine.pushNow();
      expect((await roomOf()).is_available).toBe(false);
      laptopOffsetMs = 3 * 3_600_000;

      await laptop.engine.pushNow();
      expect((await roomOf()).is_available).toBe(true);
      expect(laptop.notices).toEqual([]);
      await Promise.all([laptop.close(), phone.close()]);
    });

    it('queued toggles of one room collapse into one entry with the first base', async () => {
      const laptop = await device();
      const seen = (await laptop.room()).availability_decided_at!;
      await laptop.engine.run(setRoomAvailability, roomAvailabilityChange(await laptop.room(), false));
      await laptop.engine.run(setRoomAvailability, { ...roomAvailabilityChange(await laptop.room(), true), basedOn: new Date().toISOString() });
      await laptop.engine.run(setRoomAvailability, roomAvailabilityChange(await laptop.room(), false));
      const entries = await laptop.db._outbox.toArray();
      expect(entries).toHaveLength(1);
      expect(entries[0]!.args).toMatchObject({ isAvailable: false, basedOn: seen });
      await laptop.engine.pushNow();
      expect((await roomOf()).is_available).toBe(false);
      await laptop.close();
    });

    it('still sends a room.setAvailability@1 entry queued before an app update, judged by when it was queued', async () => {
      // Queued by the old build a minute ago; since then the phone decided "unavailable".
      const laptop = await device({ clock: { now: () => Date.now() - 60_000, setTimeout: (task, ms) => { const id = setTimeout(task, ms); return () => clearTimeout(id); } } });
      await laptop.engine.run(setRoomAvailabilityV1, { roomId, isAvailable: false });
      await laptop.close();
      expect((await host.client.from('rooms').update({ is_available: false }).eq('id', roomId)).error).toBeNull();
      expect((await host.client.from('rooms').update({ is_available: true }).eq('id', roomId)).error).toBeNull();

      const db = new AppDb(host.id, { name: laptop.db.name });
      const engine = engineFor(db);
      const notices: SyncNotice[] = [];
      engine.subscribeNotices((notice) => notices.push(notice));
      await engine.start();
      await engine.pushNow();
      expect(await db._outbox.count()).toBe(0);
      expect((await roomOf()).is_available).toBe(true);
      expect(notices).toEqual([{ kind: 'room-availability-kept', roomName: 'Sea Room', isAvailable: true }]);
      await engine.stop();
      db.close();
    });

    it('a held room follows realtime; rooms the device does not hold are not added', async () => {
      const phone = await device({ realtimeTables: ['rooms'] });
      const { data: stranger } = await t.service().from('properties').insert({ host_id: other.id, name: 'Elsewhere', city: 'Faro', country: 'Portugal' }).select('id').single();
      const { data: strangerRoom } = await t.service().from('rooms').insert({ property_id: (stranger as { id: string }).id, name: 'Not mine', price_per_week: 100 }).select('id').single();
      await t.service().from('rooms').update({ price_per_week: 120 }).eq('id', (strangerRoom as { id: string }).id);
      expect((await host.client.from('rooms').update({ is_available: false }).eq('id', roomId)).error).toBeNull();
      const start = Date.now();
      while ((await phone.room()).is_available !== false) {
        if (Date.now() - start > 10_000) throw new Error('the realtime row never arrived');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await phone.db.rooms.get((strangerRoom as { id: string }).id)).toBeUndefined();
      await phone.close();
    });
  });
});
