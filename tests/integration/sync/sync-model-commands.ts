// The steps of the sync model (docs/decisions/sync-model-test.md): writes of every command on either
// device, network and answer faults, session refusal and re-sign-in, account switch, clock offsets and
// the service worker taking over the phone's queue. Each prints as the step a person would read.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { directConversationKey } from '../../../src/db/conversation-key.ts';
import { databaseNameFor, openAppDb } from '../../../src/db/db.ts';
import { databaseExists } from '../../../src/db/device-data.ts';
import { pushQueuedWrites } from '../../../src/sync/background-push.ts';
import { markConversationRead } from '../../../src/sync/commands/message-mark-read.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { updateProfile } from '../../../src/sync/commands/profile-update.ts';
import { createPropertyReview } from '../../../src/sync/commands/review-create.ts';
import { roomAvailabilityChange, setRoomAvailability } from '../../../src/sync/commands/room-set-availability.ts';
import { momentNow } from '../../../src/sync/elapsed-time.ts';
import type { SyncEngine } from '../../../src/sync/engine.ts';
import { openSession } from '../../../src/sync/local-first-session.ts';
import { countUnsentWrites } from '../../../src/sync/session-actions.ts';
import { checkInvariants } from './sync-model-rules.ts';
import { deviceClock, sharedLocks, withDeviceDb, type DeviceName, type PhoneSession, type World, type Write } from './sync-model-world.ts';

/** What the steps' preconditions need to know. */
export interface Model {
  phone: PhoneSession;
}

type Step = fc.AsyncCommand<Model, World>;

function engineOf(world: World, device: DeviceName): SyncEngine {
  const engine = device === 'laptop' ? world.laptop.engine : world.phoneEngine();
  if (!engine) throw new Error(`${device} has no engine`);
  return engine;
}

/** Every step runs, then every rule is checked. */
abstract class ModelStep implements Step {
  abstract check(model: Readonly<Model>): boolean;
  abstract act(model: Model, world: World): Promise<void>;
  abstract toString(): string;
  async run(model: Model, world: World): Promise<void> {
    world.step += 1;
    const started = Date.now();
    await this.act(model, world);
    const acted = Date.now();
    await checkInvariants(world);
    if (process.env.SYNC_MODEL_TRACE) console.log(`${world.step} ${this.toString()} act ${acted - started} ms, check ${Date.now() - acted} ms`);
  }
}

const isAlice = (device: DeviceName, model: Readonly<Model>) => device === 'laptop' || model.phone === 'alice';

export type WriteKind = 'message' | 'message-to-stranger' | 'mark-read' | 'review-not-allowed' | 'profile-bio' | 'onboarding' | 'room-toggle';

class UserWrites extends ModelStep {
  constructor(readonly device: DeviceName, readonly kind: WriteKind) {
    super();
  }
  check = (model: Readonly<Model>) => isAlice(this.device, model);
  toString = () => `${this.device}: ${this.kind}`;
  async act(_model: Model, world: World) {
    const { cast } = world;
    const engine = engineOf(world, this.device);
    const base = { device: this.device, step: world.step, atMs: Date.now() };
    const label = `s${world.step} ${this.device} ${this.kind}`;
    const local = await withDeviceDb(world, this.device, async (db) => ({
      thread: db ? await db.messages.where('[conversation_key+created_at]').between([directConversationKey(cast.bob.id), ''], [directConversationKey(cast.bob.id), '\uffff']).toArray() : [],
      profile: await db?.profiles.get(cast.alice.id),
      room: await db?.rooms.get(cast.aliceRoomId),
    }));
    const record = (write: Write) => world.writes.push(write);
    switch (this.kind) {
      case 'message': {
        const id = randomUUID();
        await engine.run(sendMessage, { id, conversationType: 'host_guest', receiverId: cast.bob.id, propertyId: cast.bobPropertyId, text: label });
        return void record({ ...base, kind: 'message', id, text: label, isRefused: false, seenBefore: local.thread.map((m) => m.id) });
      }
      case 'message-to-stranger': {
        const id = randomUUID();
        await engine.run(sendMessage, { id, conversationType: 'guest_guest', receiverId: cast.carol.id, text: label });
        return void record({ ...base, kind: 'message', id, text: label, isRefused: true, seenBefore: [] });
      }
      case 'mark-read': {
        const newest = local.thread.filter((m) => m.sender_id === cast.bob.id).at(-1);
        if (!newest) return;
        await engine.run(markConversationRead, { otherUserId: cast.bob.id, upTo: newest.created_at });
        return void record({ ...base, kind: 'mark-read', upTo: newest.created_at });
      }
      case 'review-not-allowed': {
        // alice never stayed at bob's place: the server refuses it (RLS), the review must not stay on show.
        const id = randomUUID();
        await engine.run(createPropertyReview, { id, propertyId: cast.bobPropertyId, rating: 4, reviewText: label });
        return void record({ ...base, kind: 'review', id, text: label });
      }
      case 'profile-bio': {
        await engine.run(updateProfile, { patch: { bio: label }, base: { bio: local.profile?.bio ?? null } });
        return void record({ ...base, kind: 'profile', field: 'bio', value: label });
      }
      case 'onboarding': {
        await engine.run(updateProfile, { patch: { profession: label, onboarding_complete: true }, base: { profession: local.profile?.profession ?? null, onboarding_complete: local.profile?.onboarding_complete ?? false } });
        return void record({ ...base, kind: 'profile', field: 'profession', value: label });
      }
      case 'room-toggle': {
        const isAvailable = !(local.room?.is_available ?? true);
        const decided = momentNow(Date.now() + world.links[this.device].clockOffsetMs);
        await engine.run(setRoomAvailability, roomAvailabilityChange({ id: cast.aliceRoomId, availability_decided_at: local.room?.availability_decided_at ?? null }, isAvailable, decided));
        return void record({ ...base, kind: 'room', isAvailable });
      }
    }
  }
}

class BobReplies extends ModelStep {
  check = () => true;
  toString = () => 'bob replies (server)';
  async act(_model: Model, world: World) {
    const { cast } = world;
    const { error } = await cast.bob.client.from('messages').insert({ id: randomUUID(), sender_id: cast.bob.id, receiver_id: cast.alice.id, conversation_type: 'host_guest', property_id: cast.bobPropertyId, text: `bob s${world.step}` });
    if (error) throw error;
  }
}

class SetOnline extends ModelStep {
  constructor(readonly device: DeviceName, readonly isOnline: boolean) {
    super();
  }
  check = () => true;
  toString = () => `${this.device}: ${this.isOnline ? 'online' : 'offline'}`;
  async act(model: Model, world: World) {
    world.links[this.device].isOnline = this.isOnline;
    // The `online` event: backoffs end and the queue goes.
    if (this.isOnline && isAlice(this.device, model)) await engineOf(world, this.device).resumeNow();
  }
}

class FaultNextWrite extends ModelStep {
  constructor(readonly device: DeviceName, readonly fault: 'drop-answer' | 'duplicate') {
    super();
  }
  check = () => true;
  toString = () => `${this.device}: next write ${this.fault === 'drop-answer' ? 'commits, answer lost' : 'reaches the server twice'}`;
  async act(_model: Model, world: World) {
    world.links[this.device].writeFaults.push(this.fault);
  }
}

class Push extends ModelStep {
  constructor(readonly device: DeviceName) {
    super();
  }
  check = (model: Readonly<Model>) => isAlice(this.device, model);
  toString = () => `${this.device}: push`;
  act = async (_model: Model, world: World) => engineOf(world, this.device).pushNow();
}

class Pull extends ModelStep {
  constructor(readonly device: DeviceName) {
    super();
  }
  check = (model: Readonly<Model>) => isAlice(this.device, model);
  toString = () => `${this.device}: pull`;
  act = async (_model: Model, world: World) => engineOf(world, this.device).pullNow();
}

class SetClockOffset extends ModelStep {
  constructor(readonly device: DeviceName, readonly hours: number) {
    super();
  }
  check = () => true;
  toString = () => `${this.device}: clock ${this.hours >= 0 ? '+' : ''}${this.hours} h`;
  async act(_model: Model, world: World) {
    world.links[this.device].clockOffsetMs = this.hours * 3_600_000;
  }
}

/**
 * The phone is back online and the server refuses its session (a refresh token that lapsed while offline
 * for days); the app signs out with the reason 'refused'.
 */
class SessionRefused extends ModelStep {
  check = (model: Readonly<Model>) => model.phone === 'alice';
  toString = () => 'phone: online, session refused';
  async act(model: Model, world: World) {
    Object.assign(world.links.phone, { isOnline: true, isRefused: true });
    const engine = engineOf(world, 'phone');
    await engine.pushNow();
    await engine.pullNow();
    await openSession({ userId: null, leaveReason: 'refused' });
    world.phoneSession = model.phone = 'signed-out';
  }
}

class SignInAgain extends ModelStep {
  check = (model: Readonly<Model>) => model.phone !== 'alice';
  toString = () => 'phone: alice signs in again';
  async act(model: Model, world: World) {
    world.links.phone.isRefused = false;
    await world.signInPhone('alice');
    model.phone = 'alice';
  }
}

/** Another account on the phone. Signed in with unsent writes, the app asks first (the user agrees). */
class SwitchAccount extends ModelStep {
  check = (model: Readonly<Model>) => model.phone !== 'carol';
  toString = () => 'phone: carol signs in';
  async act(model: Model, world: World) {
    if (model.phone === 'alice' && (await countUnsentWrites()) > 0) {
      for (const write of world.writes) if (write.device === 'phone') write.toldDiscarded = true;
    }
    world.links.phone.isRefused = false;
    await world.signInPhone('carol');
    model.phone = 'carol';
  }
}

/** The service worker's push-only engine sends the phone's queue while the page is open (shared locks). */
class WorkerPushes extends ModelStep {
  check = (model: Readonly<Model>) => model.phone === 'alice';
  toString = () => 'phone: service worker pushes';
  async act(_model: Model, world: World) {
    const { alice } = world.cast;
    await pushQueuedWrites({
      readSession: async () => ({ userId: alice.id, accessToken: alice.accessToken, expiresAt: Date.now() + 3_600_000, dbName: databaseNameFor(alice.id), savedAt: Date.now() }),
      openDb: async (session) => {
        if (!(await databaseExists(session.dbName))) throw new Error('signed out');
        return openAppDb(session.userId, { name: session.dbName });
      },
      createRemote: () => world.phoneRemoteFor(alice),
      locks: sharedLocks,
      clock: deviceClock(world.links.phone),
      budgetMs: 300,
      engine: { backoff: { baseMs: 1, capMs: 4 }, random: world.random },
    });
  }
}

const device = fc.constantFrom<DeviceName>('phone', 'laptop');
const writeKind = fc.constantFrom<WriteKind>('message', 'message-to-stranger', 'mark-read', 'review-not-allowed', 'profile-bio', 'onboarding', 'room-toggle');

/** The step arbitraries, weighted towards writes and the network. */
export const steps: fc.Arbitrary<Step>[] = [
  fc.tuple(device, writeKind).map(([d, k]) => new UserWrites(d, k)),
  fc.tuple(device, fc.constantFrom<WriteKind>('message', 'room-toggle', 'profile-bio')).map(([d, k]) => new UserWrites(d, k)),
  fc.constant(new BobReplies()),
  fc.tuple(device, fc.boolean()).map(([d, online]) => new SetOnline(d, online)),
  fc.tuple(device, fc.constantFrom('drop-answer' as const, 'duplicate' as const)).map(([d, f]) => new FaultNextWrite(d, f)),
  device.map((d) => new Push(d)),
  device.map((d) => new Push(d)),
  device.map((d) => new Pull(d)),
  fc.tuple(device, fc.constantFrom(-3, 0, 3)).map(([d, h]) => new SetClockOffset(d, h)),
  fc.constant(new SessionRefused()),
  fc.constant(new SignInAgain()),
  fc.constant(new SwitchAccount()),
  fc.constant(new WorkerPushes()),
];

/**
 * After the steps: every device online, alice signed in on the phone, queues sent as far as they go
 * (failed writes stay failed), then pulled; the drained rules apply.
 */
export async function drain(model: Model, world: World): Promise<void> {
  for (const link of Object.values(world.links)) Object.assign(link, { isOnline: true, isRefused: false, writeFaults: [] });
  if (model.phone !== 'alice') await new SignInAgain().act(model, world);
  const engines = () => [world.laptop.engine, engineOf(world, 'phone')];
  for (let round = 0; round < 8; round += 1) {
    for (const engine of engines()) {
      await engine.resumeNow();
      await engine.pushNow();
    }
    const waiting = await Promise.all(engines().map((engine) => engine.db._outbox.filter((entry) => entry.status !== 'failed').count()));
    if (waiting.every((count) => count === 0)) break;
  }
  for (const engine of engines()) await engine.pullNow();
  await checkInvariants(world, { isDrained: true });
}

/**
 * Sequences every run of the property tries first, one per known hazard (fast-check `examples`), so those
 * are checked on every `npm test` whatever the seed draws.
 */
export const scenarios: Step[][] = [
  // A device clock hours behind writes after seeing a reply.
  [new BobReplies(), new Pull('laptop'), new SetClockOffset('laptop', -3), new UserWrites('laptop', 'message')],
  // Writes queued offline, then the session is refused; alice signs in again.
  [new SetOnline('phone', false), new UserWrites('phone', 'message'), new UserWrites('phone', 'profile-bio'), new SessionRefused(), new SignInAgain()],
  // The same, but another account signs in over the sealed writes.
  [new SetOnline('phone', false), new UserWrites('phone', 'message'), new SessionRefused(), new SwitchAccount()],
  // A write the server refuses.
  [new UserWrites('phone', 'review-not-allowed'), new UserWrites('laptop', 'message-to-stranger'), new Push('phone'), new Push('laptop')],
  // A toggle decided on an offline device before the other device's later ones arrives last.
  [new Pull('laptop'), new Pull('phone'), new SetOnline('laptop', false), new UserWrites('laptop', 'room-toggle'), new UserWrites('phone', 'room-toggle'), new UserWrites('phone', 'room-toggle'), new Push('phone'), new SetOnline('laptop', true), new Push('laptop')],
  // The device clock is set back hours while a write waits.
  [new UserWrites('laptop', 'message'), new SetClockOffset('laptop', -3)],
  // The service worker takes over a queue whose last answer was lost.
  [new UserWrites('phone', 'message'), new FaultNextWrite('phone', 'drop-answer'), new WorkerPushes(), new UserWrites('phone', 'onboarding'), new FaultNextWrite('phone', 'duplicate'), new Push('phone')],
  // The service worker sends a profile edit the other device's earlier edit wins over: the user must be told.
  [new UserWrites('laptop', 'profile-bio'), new UserWrites('phone', 'profile-bio'), new Push('laptop'), new WorkerPushes()],
];
