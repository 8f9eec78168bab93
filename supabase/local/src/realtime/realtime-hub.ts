// Channel membership, phx_join/phx_leave/access_token, broadcast and presence for every socket of
// one server. postgres_changes delivery is delegated to PostgresChangesDispatcher.
import type { LocalContext } from '../context.ts';
import type { DbRole, RequestAuth } from '../db/database.ts';
import { verifyJwt } from '../keys.ts';
import { readPermissions, unauthorizedReadMessage, unevaluatedPolicies, writePermissions, type Extension } from './channel-authorization.ts';
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

/** Private and public channels of one name are separate topics, as on hosted Realtime. */
function topicKey(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}|${topic}`;
}

function channelName(topic: string): string {
  return topic.replace(/^realtime:/, '');
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

  membersOf(topic: string, isPrivate = false): ChannelMember[] {
    return [...(this.topics.get(topicKey(topic, isPrivate)) ?? [])];
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
      const auth = await this.authFromToken(message.payload.access_token, connection.auth);
      const isPrivate = config.private === true;
      const presenceEnabled = presence.enabled === true;
      const policies = isPrivate ? unevaluatedPolicies() : null;
      if (policies) {
        // Hosted checks presence only when the join enables it; either read lets the join in.
        const read = await readPermissions(this.ctx.db, auth, channelName(message.topic), presenceEnabled ? ['broadcast', 'presence'] : ['broadcast']);
        for (const [extension, allowed] of read) policies[extension].read = allowed;
        if (![...read.values()].includes(true)) throw new JoinError(unauthorizedReadMessage(channelName(message.topic)));
      }
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
        presenceEnabled,
        bindings,
        isPrivate,
        policies,
      });
      connection.members.set(message.topic, member);
      const key = topicKey(message.topic, isPrivate);
      let members = this.topics.get(key);
      if (!members) this.topics.set(key, (members = new Set()));
      members.add(member);

      const echoed = (Array.isArray(config.postgres_changes) ? config.postgres_changes : []).map((raw, i) => ({ ...asObject(raw), id: bindings[i]!.id }));
      connection.reply(message, 'ok', { postgres_changes: echoed });
      if (member.presenceEnabled && member.canRead('presence')) member.push('presence_state', presenceState(this.membersOf(message.topic, isPrivate)));
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
    const key = topicKey(member.topic, member.isPrivate);
    const members = this.topics.get(key);
    members?.delete(member);
    if (members && members.size === 0) this.topics.delete(key);
    if (member.connection.members.get(member.topic) === member) member.connection.members.delete(member.topic);
    if (member.presenceMeta) {
      const left = member.presenceMeta;
      member.presenceMeta = null;
      this.pushPresenceDiff(member, null, left);
    }
  }

  /** Realtime ends a channel it may no longer serve with a system error, then phx_close. */
  private closeWithError(member: ChannelMember, text: string): void {
    member.push('system', { channel: channelName(member.topic), extension: 'system', status: 'error', message: text });
    this.remove(member);
    member.connection.send({ joinRef: member.joinRef, ref: member.joinRef, topic: member.topic, event: 'phx_close', payload: {} });
  }

  /** Write policies are evaluated on a private channel's first send (both extensions at once, as hosted). */
  private async mayWrite(member: ChannelMember, extension: Extension): Promise<boolean> {
    const policies = member.policies;
    if (!policies) return true;
    if (policies[extension].write === null) {
      try {
        const write = await writePermissions(this.ctx.db, member.auth, channelName(member.topic), ['broadcast', 'presence']);
        for (const [name, allowed] of write) policies[name].write = allowed;
      } catch (error) {
        console.error('[realtime] RlsPolicyError', error);
        return false;
      }
    }
    return policies[extension].write === true;
  }

  /** A REST broadcast to a private topic: the service role always, others with broadcast write. */
  async mayBroadcastPrivately(auth: RequestAuth, topic: string): Promise<boolean> {
    if (auth.role === 'service_role') return true;
    try {
      return (await writePermissions(this.ctx.db, auth, channelName(topic), ['broadcast'])).get('broadcast') === true;
    } catch (error) {
      console.error('[realtime] RlsPolicyError', error);
      return false;
    }
  }

  async updateAccessToken(member: ChannelMember, message: PhoenixMessage): Promise<void> {
    try {
      member.auth = await this.authFromToken(message.payload.access_token, member.auth);
    } catch (error) {
      // Realtime closes a channel whose token became invalid.
      this.closeWithError(member, (error as Error).message);
      return;
    }
    if (member.policies && !(await this.readStillAllowed(member))) {
      this.closeWithError(member, `You no longer have permission to read from this Channel topic: ${channelName(member.topic)}`);
      return;
    }
    if (message.ref !== null) member.connection.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status: 'ok', response: {} } });
  }

  /** A new token re-evaluates a private channel's policies; losing a read it had ends the channel. */
  private async readStillAllowed(member: ChannelMember): Promise<boolean> {
    const policies = member.policies!;
    const evaluated = (['broadcast', 'presence'] as const).filter((extension) => policies[extension].read !== null);
    const read = await readPermissions(this.ctx.db, member.auth, channelName(member.topic), evaluated);
    const revoked = evaluated.some((extension) => policies[extension].read === true && read.get(extension) === false);
    for (const [extension, allowed] of read) policies[extension].read = allowed;
    policies.broadcast.write = null;
    policies.presence.write = null;
    return !revoked;
  }

  /** A JSON broadcast from a member (or from REST or realtime.messages when `sender` is null). */
  broadcast(topic: string, sender: ChannelMember | null, payload: { event: string; payload: unknown }, isPrivate = sender?.isPrivate ?? false): void {
    for (const member of this.membersOf(topic, isPrivate)) {
      if (member === sender && !sender.broadcastSelf) continue;
      if (!member.canRead('broadcast')) continue;
      member.connection.send({ joinRef: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event: payload.event, payload: payload.payload } });
    }
  }

  /** A member's own broadcast; on a private channel only with broadcast write (else dropped, as hosted). */
  async memberBroadcast(sender: ChannelMember, payload: { event: string; payload: unknown }): Promise<boolean> {
    if (!(await this.mayWrite(sender, 'broadcast'))) return false;
    this.broadcast(sender.topic, sender, payload);
    return true;
  }

  async broadcastBinary(sender: ChannelMember, message: BinaryBroadcast): Promise<void> {
    if (!(await this.mayWrite(sender, 'broadcast'))) return;
    this.sendBinary(message.topic, sender, message.userEvent, message.binaryPayload, sender.isPrivate);
  }

  /** Binary broadcasts reach vsn 2.0.0 sockets only (1.0.0 has no binary frames). */
  sendBinary(topic: string, sender: ChannelMember | null, event: string, payload: Uint8Array, isPrivate: boolean): void {
    const frame = encodeBinaryBroadcast(topic, event, payload);
    for (const member of this.membersOf(topic, isPrivate)) {
      if (member === sender && !sender.broadcastSelf) continue;
      if (member.canRead('broadcast') && member.connection.vsn === '2.0.0') member.connection.sendBinary(frame);
    }
  }

  /** false when a private channel's presence policies refuse the track. */
  async track(member: ChannelMember, payload: Record<string, unknown>): Promise<boolean> {
    const policies = member.policies;
    if (policies && policies.presence.read === null) {
      const read = await readPermissions(this.ctx.db, member.auth, channelName(member.topic), ['presence']);
      policies.presence.read = read.get('presence') === true;
    }
    if (!(await this.mayWrite(member, 'presence'))) return false;
    const previous = member.presenceMeta;
    const meta: PresenceMeta = { ...payload, phx_ref: newPresenceRef(), ...(previous ? { phx_ref_prev: previous.phx_ref } : {}) };
    member.presenceMeta = meta;
    member.presenceEnabled = true;
    this.pushPresenceDiff(member, meta, previous);
    return true;
  }

  untrack(member: ChannelMember): void {
    const previous = member.presenceMeta;
    if (!previous) return;
    member.presenceMeta = null;
    this.pushPresenceDiff(member, null, previous);
  }

  private pushPresenceDiff(from: ChannelMember, joined: PresenceMeta | null, left: PresenceMeta | null): void {
    const diff = presenceDiff(from.presenceKey, joined, left);
    for (const member of this.membersOf(from.topic, from.isPrivate)) if (member.canRead('presence')) member.push('presence_diff', diff);
  }
}
