// Channel membership, phx_join/phx_leave/access_token, broadcast and presence for every socket of
// one server. postgres_changes delivery is delegated to PostgresChangesDispatcher.
import type { LocalContext } from '../context.ts';
import type { DbRole, RequestAuth } from '../db/database.ts';
import { verifyJwt } from '../keys.ts';
import { ChannelMember, type MemberConnection, type PostgresBinding } from './channel-member.ts';
import { FilterParseError, parseChangeFilter } from './change-filter.ts';
import { publishedTables, readTableInfo, syncCaptureTriggers } from './change-capture.ts';
import { encodeBinaryBroadcast, type BinaryBroadcast, type PhoenixMessage } from './phoenix-serializer.ts';
import { PostgresChangesDispatcher } from './postgres-changes.ts';
import { newPresenceRef, presenceDiff, presenceState, type PresenceMeta } from './presence.ts';

const dbRoles: readonly string[] = ['anon', 'authenticated', 'service_role'];
const bindingEvents = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const;

export class JoinError extends Error {}

/** The socket side of one connection, as the hub sees it. */
export interface HubConnection extends MemberConnection {
  auth: RequestAuth;
  reply(request: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown>): void;
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export class RealtimeHub {
  readonly ctx: LocalContext;
  readonly changes: PostgresChangesDispatcher;
  private readonly topics = new Map<string, Set<ChannelMember>>();
  private nextBindingId = 1;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
    this.changes = new PostgresChangesDispatcher(ctx.db, () => this.allMembers());
  }

  private *allMembers(): Iterable<ChannelMember> {
    for (const members of this.topics.values()) yield* members;
  }

  membersOf(topic: string): ChannelMember[] {
    return [...(this.topics.get(topic) ?? [])];
  }

  /** Claims from a join/access_token payload; opaque `sb_` keys keep the socket's claims. */
  async authFromToken(token: unknown, fallback: RequestAuth): Promise<RequestAuth> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return fallback;
    let claims: Record<string, unknown>;
    try {
      claims = await verifyJwt(this.ctx.keys, token);
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new JoinError(code === 'expired' ? 'InvalidJWTToken: Token has expired' : `InvalidJWTToken: ${(error as Error).message}`);
    }
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!dbRoles.includes(role)) throw new JoinError(`InvalidJWTToken: role "${role}" does not exist`);
    return { role: role as DbRole, claims: { ...claims, role } };
  }

  private async parseBindings(value: unknown): Promise<PostgresBinding[]> {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw new JoinError('postgres_changes must be an array');
    const bindings: PostgresBinding[] = [];
    for (const raw of value) {
      const entry = asObject(raw);
      const event = entry.event;
      if (typeof event !== 'string' || !(bindingEvents as readonly string[]).includes(event)) throw new JoinError(`Invalid postgres_changes event: ${String(event)}`);
      if (typeof entry.schema !== 'string' || entry.schema === '') throw new JoinError('postgres_changes entries need a schema');
      if (entry.table !== undefined && entry.table !== null && typeof entry.table !== 'string') throw new JoinError('postgres_changes table must be a string');
      if (entry.filter !== undefined && entry.filter !== null && typeof entry.filter !== 'string') throw new JoinError('postgres_changes filter must be a string');
      const table = typeof entry.table === 'string' ? entry.table : undefined;
      const filterText = typeof entry.filter === 'string' && entry.filter !== '' ? entry.filter : undefined;
      let filter = null;
      if (filterText) {
        try {
          filter = parseChangeFilter(filterText);
        } catch (error) {
          throw new JoinError(error instanceof FilterParseError ? error.message : String(error));
        }
      }
      bindings.push({ id: this.nextBindingId++, event: event as PostgresBinding['event'], schema: entry.schema, table, filterText, filter });
    }
    if (bindings.length > 0) await this.checkBindingsAgainstDatabase(bindings);
    return bindings;
  }

  /** Realtime refuses bindings on tables outside the publication and filters on unknown columns. */
  private async checkBindingsAgainstDatabase(bindings: PostgresBinding[]): Promise<void> {
    await syncCaptureTriggers(this.ctx.db);
    this.changes.forgetMetadata();
    const published = await publishedTables(this.ctx.db);
    for (const binding of bindings) {
      const wildcardTable = binding.table === undefined || binding.table === '*';
      if (wildcardTable) {
        if (binding.filter) throw new JoinError('Error parsing `filter` params: a filter needs a table');
        continue;
      }
      const unable = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table}, filters: [${binding.filterText ?? ''}]]`;
      if (binding.schema === '*' || !published.has(`${binding.schema}.${binding.table}`)) throw new JoinError(unable);
      if (binding.filter) {
        const info = await readTableInfo(this.ctx.db, binding.schema, binding.table!);
        if (!info?.columns.some((c) => c.name === binding.filter!.column)) throw new JoinError(unable);
      }
    }
  }

  async join(connection: HubConnection, message: PhoenixMessage): Promise<void> {
    const config = asObject(message.payload.config);
    const broadcast = asObject(config.broadcast);
    const presence = asObject(config.presence);
    try {
      if (config.private === true) {
        throw new JoinError('Unauthorized: private channels need realtime.messages policies, which this local server does not implement');
      }
      const auth = await this.authFromToken(message.payload.access_token, connection.auth);
      const bindings = await this.parseBindings(config.postgres_changes);
      // A second join on the same topic replaces the first, as Phoenix does.
      const previous = connection.members.get(message.topic);
      if (previous) this.remove(previous);
      const member = new ChannelMember({
        connection,
        topic: message.topic,
        joinRef: message.joinRef,
        auth,
        broadcastSelf: broadcast.self === true,
        broadcastAck: broadcast.ack === true,
        presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : newPresenceRef(),
        presenceEnabled: presence.enabled === true,
        bindings,
      });
      connection.members.set(message.topic, member);
      let members = this.topics.get(message.topic);
      if (!members) this.topics.set(message.topic, (members = new Set()));
      members.add(member);

      const echoed = (Array.isArray(config.postgres_changes) ? config.postgres_changes : []).map((raw, i) => ({ ...asObject(raw), id: bindings[i]!.id }));
      connection.reply(message, 'ok', { postgres_changes: echoed });
      if (member.presenceEnabled) member.push('presence_state', presenceState(this.membersOf(message.topic)));
      if (bindings.length > 0) {
        member.push('system', { channel: message.topic.replace(/^realtime:/, ''), extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
      }
    } catch (error) {
      if (!(error instanceof JoinError)) console.error('[realtime] join failed', error);
      connection.reply(message, 'error', { reason: error instanceof Error ? error.message : 'join failed' });
    }
  }

  leave(member: ChannelMember, message: PhoenixMessage): void {
    this.remove(member);
    member.connection.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status: 'ok', response: {} } });
    member.connection.send({ joinRef: member.joinRef, ref: member.joinRef, topic: member.topic, event: 'phx_close', payload: {} });
  }

  /** Drops a member (leave, rejoin, socket close), telling the topic about its presence leaving. */
  remove(member: ChannelMember): void {
    const members = this.topics.get(member.topic);
    members?.delete(member);
    if (members && members.size === 0) this.topics.delete(member.topic);
    if (member.connection.members.get(member.topic) === member) member.connection.members.delete(member.topic);
    if (member.presenceMeta) {
      const left = member.presenceMeta;
      member.presenceMeta = null;
      this.pushPresenceDiff(member.topic, member.presenceKey, null, left);
    }
  }

  async updateAccessToken(member: ChannelMember, message: PhoenixMessage): Promise<void> {
    try {
      member.auth = await this.authFromToken(message.payload.access_token, member.auth);
      if (message.ref !== null) member.connection.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status: 'ok', response: {} } });
    } catch (error) {
      // Realtime closes a channel whose token became invalid.
      member.push('system', { channel: member.topic.replace(/^realtime:/, ''), extension: 'system', status: 'error', message: (error as Error).message });
      this.remove(member);
      member.connection.send({ joinRef: member.joinRef, ref: member.joinRef, topic: member.topic, event: 'phx_close', payload: {} });
    }
  }

  /** A JSON broadcast from a member (or from the REST endpoint when `sender` is null). */
  broadcast(topic: string, sender: ChannelMember | null, payload: { event: string; payload: unknown }): void {
    for (const member of this.membersOf(topic)) {
      if (member === sender && !sender.broadcastSelf) continue;
      member.connection.send({ joinRef: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event: payload.event, payload: payload.payload } });
    }
  }

  broadcastBinary(sender: ChannelMember, message: BinaryBroadcast): void {
    const frame = encodeBinaryBroadcast(message.topic, message.userEvent, message.binaryPayload);
    for (const member of this.membersOf(message.topic)) {
      if (member === sender && !sender.broadcastSelf) continue;
      if (member.connection.vsn === '2.0.0') member.connection.sendBinary(frame);
    }
  }

  track(member: ChannelMember, payload: Record<string, unknown>): void {
    const previous = member.presenceMeta;
    const meta: PresenceMeta = { ...payload, phx_ref: newPresenceRef(), ...(previous ? { phx_ref_prev: previous.phx_ref } : {}) };
    member.presenceMeta = meta;
    member.presenceEnabled = true;
    this.pushPresenceDiff(member.topic, member.presenceKey, meta, previous);
  }

  untrack(member: ChannelMember): void {
    const previous = member.presenceMeta;
    if (!previous) return;
    member.presenceMeta = null;
    this.pushPresenceDiff(member.topic, member.presenceKey, null, previous);
  }

  private pushPresenceDiff(topic: string, key: string, joined: PresenceMeta | null, left: PresenceMeta | null): void {
    const diff = presenceDiff(key, joined, left);
    for (const member of this.membersOf(topic)) member.push('presence_diff', diff);
  }
}
