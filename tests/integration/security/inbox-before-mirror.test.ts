// Attacks on the reads the Messages page makes before its local mirror is complete
// (docs/decisions/inbox-before-mirror.md): the inbox (get_conversation_summaries, SECURITY INVOKER, so RLS
// decides) and a chat's latest page (chatLatestPage), through raw REST as anon, as another guest, as the host
// of another property and as a guest whose stay ended. Each sees nothing of others; the people in a
// conversation see exactly its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatLatestPage } from '../../../src/remote/inbox-first-read.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import { buildAttackWorld, expectNothingChanged, type AttackWorld } from './support/attack-world.ts';

interface SummaryRecord {
  other_user_id: string | null;
  last_message: string | null;
  unread_count: number;
  conversation_type: string;
  property_id: string | null;
}

describe.each(testEngines)('the inbox before the mirror (%s)', (engine) => {
  let t: TestServer;
  let w: AttackWorld;
  const inquiry = 'Private inquiry: is the big room free in May?';
  const reply = 'Yes, from the 3rd.';
  const houseNote = 'House note: the pool is cleaned on Friday.';

  beforeAll(async () => {
    t = await startTestServer({ engine });
    w = await buildAttackWorld(t);
    const send = async (from: TestUser, row: Record<string, unknown>) => {
      const { error } = await from.client.from('messages').insert({ sender_id: from.id, ...row });
      if (error) throw error;
    };
    await send(w.stranger, { receiver_id: w.visibleHost.id, text: inquiry, conversation_type: 'host_guest' });
    await send(w.visibleHost, { receiver_id: w.stranger.id, text: reply, conversation_type: 'host_guest' });
    await send(w.visibleHost, { property_id: w.villa.id, text: houseNote, conversation_type: 'house' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The RPC through raw REST, as the bearer of `token` (the anon key when none). */
  async function summariesOver(token: string | null, body: Record<string, unknown> = {}): Promise<{ status: number; body: unknown }> {
    const { anonKey } = t.server.keys;
    const response = await fetch(`${t.url}/rest/v1/rpc/get_conversation_summaries`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token ?? anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function summariesOf(user: TestUser): Promise<SummaryRecord[]> {
    const { status, body } = await summariesOver(user.accessToken);
    expect(status).toBe(200);
    return body as SummaryRecord[];
  }

  const mentionsOthers = (rows: readonly SummaryRecord[]) =>
    rows.filter((row) => [inquiry, reply, houseNote].includes(row.last_message ?? '') || row.other_user_id === w.stranger.id || row.property_id === w.villa.id);

  it('answers the people in a conversation with its row: other party, last message, unread count', async () => {
    expect(await summariesOf(w.stranger)).toEqual([expect.objectContaining({ other_user_id: w.visibleHost.id, other_user_name: 'Vera Visible', last_message: reply, unread_count: 1, conversation_type: 'host_guest', property_id: null })]);
    const host = await summariesOf(w.visibleHost);
    expect(host).toContainEqual(expect.objectContaining({ other_user_id: w.stranger.id, other_user_name: 'Sid Stranger', last_message: reply, unread_count: 1 }));
    expect(host).toContainEqual(expect.objectContaining({ conversation_type: 'house', property_id: w.villa.id, last_message: houseNote, unread_count: 0 }));
    expect(await summariesOf(w.currentGuest)).toContainEqual(expect.objectContaining({ conversation_type: 'house', property_id: w.villa.id, last_message: houseNote, unread_count: 1 }));
  });

  it('refuses anon, with the key every browser has, and answers no rows', async () => {
    await expectNothingChanged(t, async () => {
      const { status, body } = await summariesOver(null);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(Array.isArray(body)).toBe(false);
    });
  });

  it("shows another guest, the host of another property and a past guest nothing of others' conversations", async () => {
    for (const user of [w.paidGuest, w.hiddenHost, w.pastGuest]) expect(mentionsOthers(await summariesOf(user))).toEqual([]);
  });

  it('takes no user to answer for: naming one is refused', async () => {
    const { status } = await summariesOver(w.paidGuest.accessToken, { user_id: w.stranger.id });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it("reads a chat's latest page for its people only", async () => {
    const direct = { kind: 'direct', userId: w.visibleHost.id } as const;
    const house = { kind: 'house', propertyId: w.villa.id } as const;
    expect((await chatLatestPage(w.stranger.client, direct, w.stranger.id)).map((row) => row.text)).toEqual([reply, inquiry]);
    expect((await chatLatestPage(w.currentGuest.client, house, w.currentGuest.id)).map((row) => row.text)).toEqual([houseNote]);
    // Another guest asking for the stranger's side of that chat, or for the house chat of a stay not yet begun or ended.
    expect(await chatLatestPage(w.paidGuest.client, { kind: 'direct', userId: w.stranger.id }, w.visibleHost.id)).toEqual([]);
    expect(await chatLatestPage(w.paidGuest.client, direct, w.paidGuest.id)).toEqual([]);
    expect(await chatLatestPage(w.hiddenHost.client, direct, w.stranger.id)).toEqual([]);
    expect(await chatLatestPage(w.hiddenHost.client, house, w.hiddenHost.id)).toEqual([]);
    expect(await chatLatestPage(w.pastGuest.client, house, w.pastGuest.id)).toEqual([]);
    await expect(chatLatestPage(t.anon(), house, w.visibleHost.id)).rejects.toBeTruthy();
  });
});
