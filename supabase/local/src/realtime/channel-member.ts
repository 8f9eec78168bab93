// One joined channel of one socket: its config from phx_join and the claims it acts with.
import type { RequestAuth } from '../db/database.ts';
import type { ChannelPolicies } from './channel-authorization.ts';
import type { ChangeFilter } from './change-filter.ts';
import { encodeFrameWithPayloadJson, type PhoenixMessage, type SerializerVersion } from './phoenix-serializer.ts';
import type { PresenceMeta } from './presence.ts';

export interface PostgresBinding {
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  /** undefined or '*' = every published table of the schema */
  table: string | undefined;
  filterText: string | undefined;
  filter: ChangeFilter | null;
}

/** What a member needs from its socket. */
export interface MemberConnection {
  send(message: PhoenixMessage): void;
  /** an already encoded text frame */
  sendText(frame: string): void;
  sendBinary(frame: Buffer): void;
  readonly vsn: SerializerVersion;
  /** this socket's joined channels by topic */
  readonly members: Map<string, ChannelMember>;
}

export class ChannelMember {
  readonly connection: MemberConnection;
  readonly topic: string;
  readonly joinRef: string | null;
  auth: RequestAuth;
  readonly broadcastSelf: boolean;
  readonly broadcastAck: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  presenceMeta: PresenceMeta | null = null;
  readonly bindings: PostgresBinding[];
  /** a private channel: its own topic space, gated by realtime.messages policies */
  readonly isPrivate: boolean;
  /** what the policies allowed so far (null on public channels) */
  policies: ChannelPolicies | null;

  constructor(init: {
    connection: MemberConnection;
    topic: string;
    joinRef: string | null;
    auth: RequestAuth;
    broadcastSelf: boolean;
    broadcastAck: boolean;
    presenceKey: string;
    presenceEnabled: boolean;
    bindings: PostgresBinding[];
    isPrivate: boolean;
    policies: ChannelPolicies | null;
  }) {
    this.connection = init.connection;
    this.topic = init.topic;
    this.joinRef = init.joinRef;
    this.auth = init.auth;
    this.broadcastSelf = init.broadcastSelf;
    this.broadcastAck = init.broadcastAck;
    this.presenceKey = init.presenceKey;
    this.presenceEnabled = init.presenceEnabled;
    this.bindings = init.bindings;
    this.isPrivate = init.isPrivate;
    this.policies = init.policies;
  }

  /** Broadcasts reach a private member only with broadcast read; presence only with presence read. */
  canRead(extension: 'broadcast' | 'presence'): boolean {
    return this.policies === null || this.policies[extension].read === true;
  }

  /** A server push on this channel (refs null, as Realtime's fast lane sends them). */
  push(event: string, payload: Record<string, unknown>): void {
    this.connection.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  /** The same push with its payload already encoded as JSON text. */
  pushEncoded(event: string, payloadJson: string): void {
    this.connection.sendText(encodeFrameWithPayloadJson({ joinRef: this.joinRef, ref: null, topic: this.topic, event }, payloadJson, this.connection.vsn));
  }
}
