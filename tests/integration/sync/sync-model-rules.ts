// The invariants of the sync model, each a named rule (docs/decisions/sync-model-rules.md). Checked after
// every step; the drained rules once every device is online, signed in and has sent what it could.
// Local state is read before the server's: a write acknowledged in between is then seen on the server.
import { directConversationKey } from '../../../src/db/conversation-key.ts';
import { getCurrentDb } from '../../../src/db/current-db.ts';
import { databaseNameFor, type AppDb } from '../../../src/db/db.ts';
import type { MessageRow, OutboxEntry } from '../../../src/db/tables.ts';
import { compareTimestamps } from '../../../src/sync/pull.ts';
import { entityOf, outboxOf, sealedUserId, serverRows, userDatabaseNames, withDeviceDb, type DeviceName, type World, type Write } from './sync-model-world.ts';

export const RULES = {
  noSilentLoss: 'no-silent-loss',
  noOtherUsersData: 'no-other-users-data',
  noDoubleApply: 'no-double-apply',
  refusedWriteLeavesNoOptimisticRow: 'refused-write-leaves-no-optimistic-row',
  ownMessagesKeepTheirOrder: 'own-messages-keep-their-order',
  sessionKeptWhileNotRefused: 'session-kept-while-not-refused',
  convergesOnceDrained: 'converges-once-drained',
  laterRoomDecisionWins: 'later-room-decision-wins',
} as const;

export class RuleViolation extends Error {
  constructor(readonly rule: string, detail: string) {
    super(`[${rule}] ${detail}`);
    this.name = 'RuleViolation';
  }
}

/** How close two toggles on different devices may be (ms) before either order is accepted (request latency). */
const SAME_MOMENT_MS = 50;

export function describeWrite(write: Write): string {
  const where = `${write.device}#${write.step}`;
  switch (write.kind) {
    case 'message': return `${where} message "${write.text}"${write.isRefused ? ' (to a stranger)' : ''}`;
    case 'review': return `${where} review "${write.text}"`;
    case 'profile': return `${where} profile ${write.field}="${write.value}"`;
    case 'room': return `${where} room ${write.isAvailable ? 'available' : 'unavailable'}`;
    case 'mark-read': return `${where} mark read up to ${write.upTo}`;
  }
}

interface DeviceView {
  exists: boolean;
  outbox: OutboxEntry[];
  thread: MessageRow[];
  reviewIds: Set<string>;
  profile: Record<string, unknown> | undefined;
  room: Record<string, unknown> | undefined;
  isAuthRequired: boolean;
}

async function viewOf(world: World, device: DeviceName): Promise<DeviceView> {
  const { cast } = world;
  const key = directConversationKey(cast.bob.id);
  const view = await withDeviceDb(world, device, async (db: AppDb | null): Promise<DeviceView> => ({
    exists: db !== null,
    outbox: await outboxOf(db),
    thread: db ? await db.messages.where('[conversation_key+created_at]').between([key, ''], [key, '\uffff']).toArray() : [],
    reviewIds: new Set(db ? await db.property_reviews.toCollection().primaryKeys() : []),
    profile: (await db?.profiles.get(cast.alice.id)) as Record<string, unknown> | undefined,
    room: (await db?.rooms.get(cast.aliceRoomId)) as Record<string, unknown> | undefined,
    isAuthRequired: false,
  }));
  const engine = device === 'laptop' ? world.laptop.engine : world.phoneSession === 'alice' ? world.phoneEngine() : null;
  view.isAuthRequired = engine?.status.get().isAuthRequired ?? false;
  return view;
}

interface ServerView {
  aliceMessages: { id: string; text: string; created_at: string; receiver_id: string | null }[];
  bobToAlice: { id: string; created_at: string; read_at: string | null }[];
  reviews: { id: string; review_text: string | null }[];
  profile: Record<string, unknown>;
  room: { is_available: boolean };
}

async function serverView(world: World): Promise<ServerView> {
  const { cast } = world;
  const [aliceMessages, bobToAlice, reviews, profiles, rooms] = await Promise.all([
    serverRows<ServerView['aliceMessages'][number]>(world, 'messages', 'id, text, created_at, receiver_id', 'sender_id', [cast.alice.id]),
    serverRows<ServerView['bobToAlice'][number] & { receiver_id: string }>(world, 'messages', 'id, created_at, read_at, receiver_id', 'sender_id', [cast.bob.id]),
    serverRows<ServerView['reviews'][number]>(world, 'property_reviews', 'id, review_text', 'user_id', [cast.alice.id]),
    serverRows<Record<string, unknown>>(world, 'profiles', 'bio, profession', 'id', [cast.alice.id]),
    serverRows<ServerView['room']>(world, 'rooms', 'is_available', 'id', [cast.aliceRoomId]),
  ]);
  return { aliceMessages, bobToAlice: bobToAlice.filter((m) => m.receiver_id === cast.alice.id), reviews, profile: profiles[0] ?? {}, room: rooms[0]! };
}

function isLiveEntry(entry: OutboxEntry): boolean {
  return entry.status !== 'failed' || entry.lastError !== null;
}

export interface CheckOptions {
  /** every device online, signed in as alice and drained: the convergence rules apply too */
  isDrained?: boolean;
}

/** Throws the first broken rule (rules the caller skips are not checked). */
export async function checkInvariants(world: World, options: CheckOptions = {}): Promise<void> {
  const fail = (rule: string, detail: string) => {
    if (!world.skipRules.has(rule)) throw new RuleViolation(rule, detail);
  };
  const { cast } = world;
  const devices: Record<DeviceName, DeviceView> = { phone: await viewOf(world, 'phone'), laptop: await viewOf(world, 'laptop') };
  const isolation = await isolationProblem(world);
  const server = await serverView(world);
  if (isolation) fail(RULES.noOtherUsersData, isolation);

  const onServer = new Set(server.aliceMessages.map((m) => m.id));
  const reviewsOnServer = new Set(server.reviews.map((r) => r.id));
  for (const write of world.writes) {
    if (write.toldDiscarded) continue;
    const device = devices[write.device];
    const [entity, entityId] = entityOf(write, cast);
    const isQueued = device.outbox.some((entry) => entry.entity === entity && entry.entityId === entityId && isLiveEntry(entry));
    if (isQueued) continue;
    const later = world.writes.some((other) => other.kind === write.kind && other.step > write.step && (write.kind !== 'profile' || (other as typeof write).field === write.field));
    let isKept: boolean;
    switch (write.kind) {
      case 'message': isKept = !write.isRefused && onServer.has(write.id); break;
      case 'review': isKept = reviewsOnServer.has(write.id); break;
      case 'profile': isKept = server.profile[write.field] === write.value || later || world.notices[write.device].some((n) => n.kind === 'profile-saved' && n.kept.includes(write.field)); break;
      case 'room': isKept = server.room.is_available === write.isAvailable || later || world.notices[write.device].some((n) => n.kind === 'room-availability-kept'); break;
      case 'mark-read': isKept = server.bobToAlice.every((m) => m.read_at !== null || compareTimestamps(m.created_at, write.upTo) > 0); break;
    }
    // A toggle lost to another device's earlier decision is the room rule's to name.
    if (isKept) continue;
    if (write.kind === 'room') fail(RULES.laterRoomDecisionWins, `${describeWrite(write)}, the last toggle, was overturned by an earlier one and the user was not told`);
    else fail(RULES.noSilentLoss, `${describeWrite(write)} is neither on the server nor in the ${write.device}'s outbox${device.exists ? '' : ' (its database is gone)'}, and the user was not told`);
  }

  const written = new Map(world.writes.flatMap((w) => (w.kind === 'message' || w.kind === 'review' ? [[w.text, w] as const] : [])));
  const counts = new Map<string, number>();
  for (const text of [...server.aliceMessages.map((m) => m.text), ...server.reviews.map((r) => r.review_text ?? '')]) counts.set(text, (counts.get(text) ?? 0) + 1);
  for (const [text, count] of counts) if (count > 1 && written.has(text)) fail(RULES.noDoubleApply, `${describeWrite(written.get(text)!)} is on the server ${count} times`);

  for (const [name, device] of Object.entries(devices) as [DeviceName, DeviceView][]) {
    for (const entry of device.outbox) {
      // Only a message bubble stands for itself when refused ("Not sent · Retry · Delete").
      if (entry.status !== 'failed' || entry.entity === 'messages') continue;
      const isStillWanted = device.outbox.some((other) => other !== entry && other.entity === entry.entity && other.entityId === entry.entityId && other.status !== 'failed');
      if (isStillWanted) continue;
      if (entry.entity === 'property_reviews' && device.reviewIds.has(entry.entityId) && !reviewsOnServer.has(entry.entityId)) fail(RULES.refusedWriteLeavesNoOptimisticRow, `${name}: the refused review ${entry.entityId} still shows`);
      const row = entry.entity === 'rooms' ? device.room : entry.entity === 'profiles' ? device.profile : undefined;
      if (row?._status) fail(RULES.refusedWriteLeavesNoOptimisticRow, `${name}: the refused ${entry.name} left its row ${row._status}`);
    }
    if (device.isAuthRequired && !world.links[name].isRefused) fail(RULES.sessionKeptWhileNotRefused, `${name}: asks to sign in again though the server accepts its session`);
    const order = orderProblem(world, name, device.thread, server.aliceMessages);
    if (order) fail(RULES.ownMessagesKeepTheirOrder, order);
  }

  if (options.isDrained) drainedProblems(world, devices, server, fail);
}

/** Nothing of another user on a device: the phone after an account switch or sign-out, and alice's devices. */
async function isolationProblem(world: World): Promise<string | null> {
  const { cast } = world;
  const names = await userDatabaseNames();
  const aliceDb = databaseNameFor(cast.alice.id);
  if (world.phoneSession !== 'alice' && names.includes(aliceDb) && sealedUserId() !== cast.alice.id) return `alice's database is still on the phone signed ${world.phoneSession === 'carol' ? 'in as carol' : 'out'}, not sealed`;
  if (world.phoneSession === 'alice' && names.includes(databaseNameFor(cast.carol.id))) return `carol's database is still on the phone signed in as alice`;
  const current = getCurrentDb();
  if (world.phoneSession !== 'alice' && current) {
    const aliceRows = await current.messages.filter((m) => m.sender_id === cast.alice.id || m.receiver_id === cast.alice.id).count();
    const aliceReviews = await current.property_reviews.filter((r) => r.user_id === cast.alice.id).count();
    const queued = await current._outbox.count();
    if (aliceRows + aliceReviews + (world.phoneSession === 'signed-out' ? queued : 0) > 0) return `the phone (${world.phoneSession}) holds ${aliceRows} messages and ${aliceReviews} reviews of alice${queued ? `, ${queued} queued writes` : ''}`;
  }
  const strangers = await world.laptop.db.messages.filter((m) => m.conversation_type !== 'house' && m.sender_id !== cast.alice.id && m.receiver_id !== cast.alice.id).count();
  if (strangers > 0) return `alice's laptop holds ${strangers} messages between other users`;
  return null;
}

/**
 * Messages one device wrote stay in the order they were written, in its thread and on the server, and
 * each sorts after every message the device showed when it was written (a device clock hours behind
 * must not put a new message above them).
 */
function orderProblem(world: World, device: DeviceName, thread: MessageRow[], serverMessages: ServerView['aliceMessages']): string | null {
  const mine = world.writes.filter((w): w is Extract<Write, { kind: 'message' }> => w.kind === 'message' && w.device === device && !w.isRefused);
  const position = new Map(thread.map((m, index) => [m.id, index]));
  let last = -1;
  for (const write of mine) {
    const at = position.get(write.id);
    if (at === undefined || thread[at]!._status === 'failed') continue;
    if (at < last) return `${device}: ${describeWrite(write)} shows above a message written before it`;
    last = at;
    const above = write.seenBefore.filter((id) => (position.get(id) ?? -1) > at);
    if (above.length) return `${device}: ${describeWrite(write)} shows above ${above.length} message(s) the device showed before it was written (clock offset ${world.links[device].clockOffsetMs / 3_600_000} h)`;
  }
  const serverAt = new Map([...serverMessages].sort((a, b) => compareTimestamps(a.created_at, b.created_at)).map((m, index) => [m.id, index]));
  const sent = mine.filter((w) => serverAt.has(w.id)).map((w) => serverAt.get(w.id)!);
  if (sent.some((at, index) => index > 0 && at < sent[index - 1]!)) return `${device}: its messages reached the server out of the order they were written`;
  return null;
}

function drainedProblems(world: World, devices: Record<DeviceName, DeviceView>, server: ServerView, fail: (rule: string, detail: string) => void) {
  const rule = RULES.convergesOnceDrained;
  const conversation = new Set([...server.aliceMessages.filter((m) => m.receiver_id === world.cast.bob.id).map((m) => m.id), ...server.bobToAlice.map((m) => m.id)]);
  for (const [name, device] of Object.entries(devices) as [DeviceName, DeviceView][]) {
    const waiting = device.outbox.filter((entry) => entry.status !== 'failed');
    if (waiting.length) fail(rule, `${name}: ${waiting.length} write(s) still queued (${waiting.map((e) => e.name).join(', ')}) after draining`);
    const local = new Set(device.thread.filter((m) => m._status !== 'failed').map((m) => m.id));
    const missing = [...conversation].filter((id) => !local.has(id));
    const extra = [...local].filter((id) => !conversation.has(id));
    if (missing.length || extra.length) fail(rule, `${name}: the thread differs from the server's (${missing.length} missing, ${extra.length} only on the device)`);
    const pending = device.thread.filter((m) => m._status === 'pending');
    if (pending.length) fail(rule, `${name}: ${pending.length} message(s) still marked pending`);
    for (const field of ['bio', 'profession'] as const) {
      if ((device.profile?.[field] ?? null) !== (server.profile[field] ?? null)) fail(rule, `${name}: profile ${field} "${String(device.profile?.[field])}" but the server has "${String(server.profile[field])}"`);
    }
    if (device.room && device.room.is_available !== server.room.is_available) fail(rule, `${name}: the room shows ${device.room.is_available ? 'available' : 'unavailable'}, the server says otherwise`);
  }
  const toggles = world.writes.filter((w): w is Extract<Write, { kind: 'room' }> => w.kind === 'room' && !w.toldDiscarded);
  const latest = toggles.reduce<(typeof toggles)[number] | null>((a, b) => (!a || b.atMs >= a.atMs ? b : a), null);
  if (latest && server.room.is_available !== latest.isAvailable) {
    const isTie = toggles.some((other) => other !== latest && other.isAvailable === server.room.is_available && latest.atMs - other.atMs < SAME_MOMENT_MS);
    if (!isTie) fail(RULES.laterRoomDecisionWins, `the last toggle (${describeWrite(latest)}) set the room ${latest.isAvailable ? 'available' : 'unavailable'}, but an earlier one won`);
  }
}
