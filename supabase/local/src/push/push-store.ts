// Subscriptions the double issued and the pushes it received, kept in the database (schema `_push`)
// so they survive restarts of the stand-in, like the mailbox.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { UserAgentKeys } from './push-crypto.ts';
import { lazySchema } from '../db/lazy-schema.ts';

export interface PushSubscriptionRecord {
  id: string;
  /** base64url VAPID key the subscription is restricted to; null = unrestricted */
  applicationServerKey: string | null;
  keys: UserAgentKeys;
  createdAt: string;
  expiredAt: string | null;
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushMessage {
  id: string;
  subscriptionId: string;
  receivedAt: string;
  ttl: number;
  urgency: Urgency;
  topic: string | null;
  vapidSubject: string;
  vapidPublicKey: string;
  /** the decrypted payload as UTF-8; null for a push without a body */
  text: string | null;
  /** the encrypted body as sent (aes128gcm), base64; null for a push without a body */
  encryptedBody: string | null;
  /** set when a test handed the push to a service worker; a later push of the same topic no longer replaces it */
  deliveredAt: string | null;
}

export type NewPush = Omit<PushMessage, 'id' | 'receivedAt' | 'deliveredAt'>;

interface SubscriptionRow {
  id: string;
  application_server_key: string | null;
  p256dh: string;
  private_key: string;
  auth_secret: string;
  created_at: string | Date;
  expired_at: string | Date | null;
}

interface MessageRow {
  id: string;
  subscription_id: string;
  received_at: string | Date;
  ttl: number;
  urgency: Urgency;
  topic: string | null;
  vapid_subject: string;
  vapid_public_key: string;
  text_body: string | null;
  encrypted_body: string | null;
  delivered_at: string | Date | null;
}

const schemaSql = `
  create schema if not exists _push;
  create table if not exists _push.subscriptions (
    id text primary key,
    application_server_key text,
    p256dh text not null,
    private_key text not null,
    auth_secret text not null,
    created_at timestamptz not null default now(),
    expired_at timestamptz
  );
  create table if not exists _push.messages (
    seq bigserial primary key,
    id text not null unique,
    subscription_id text not null references _push.subscriptions (id) on delete cascade,
    received_at timestamptz not null default now(),
    ttl integer not null,
    urgency text not null,
    topic text,
    vapid_subject text not null,
    vapid_public_key text not null,
    text_body text,
    encrypted_body text,
    delivered_at timestamptz
  );
`;

const messageColumns = 'id, subscription_id, received_at, ttl, urgency, topic, vapid_subject, vapid_public_key, text_body, encrypted_body, delivered_at';

function iso(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toSubscription(row: SubscriptionRow): PushSubscriptionRecord {
  return {
    id: row.id,
    applicationServerKey: row.application_server_key,
    keys: { p256dh: row.p256dh, privateKey: row.private_key, auth: row.auth_secret },
    createdAt: iso(row.created_at),
    expiredAt: row.expired_at === null ? null : iso(row.expired_at),
  };
}

function toMessage(row: MessageRow): PushMessage {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    receivedAt: iso(row.received_at),
    ttl: row.ttl,
    urgency: row.urgency,
    topic: row.topic,
    vapidSubject: row.vapid_subject,
    vapidPublicKey: row.vapid_public_key,
    text: row.text_body,
    encryptedBody: row.encrypted_body,
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
  };
}

export class PushStore {
  private readonly ensureSchema: () => Promise<void>;

  constructor(private readonly db: Database) {
    this.ensureSchema = lazySchema(db, schemaSql);
  }

  async createSubscription(applicationServerKey: string | null, keys: UserAgentKeys): Promise<PushSubscriptionRecord> {
    await this.ensureSchema();
    // The id is the capability in the endpoint URL, so it is unguessable like a real push service's.
    const { rows } = await this.db.query<SubscriptionRow>(
      `insert into _push.subscriptions (id, application_server_key, p256dh, private_key, auth_secret)
       values ($1, $2, $3, $4, $5) returning *`,
      [randomBytes(16).toString('base64url'), applicationServerKey, keys.p256dh, keys.privateKey, keys.auth],
    );
    const row = rows[0];
    if (!row) throw new Error('insert into _push.subscriptions returned no row');
    return toSubscription(row);
  }

  async getSubscription(id: string): Promise<PushSubscriptionRecord | null> {
    await this.ensureSchema();
    const { rows } = await this.db.query<SubscriptionRow>(`select * from _push.subscriptions where id = $1`, [id]);
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  /** Marks the subscription expired (its endpoint answers 410 from now on); false if unknown. */
  async expireSubscription(id: string): Promise<boolean> {
    await this.ensureSchema();
    const { rows } = await this.db.query<{ id: string }>(`update _push.subscriptions set expired_at = coalesce(expired_at, now()) where id = $1 returning id`, [id]);
    return rows.length > 0;
  }

  /**
   * Stores a push; one with a topic replaces the undelivered push of the same topic on the same
   * subscription (RFC 8030 §5.4), in one transaction so two racing pushes leave one.
   */
  async addMessage(push: NewPush): Promise<{ message: PushMessage; replaced: string[] }> {
    await this.ensureSchema();
    return this.db.transaction(async (tx) => {
      let replaced: string[] = [];
      if (push.topic !== null) {
        await tx.query(`select 1 from _push.subscriptions where id = $1 for update`, [push.subscriptionId]);
        const deleted = await tx.query<{ id: string }>(
          `delete from _push.messages where subscription_id = $1 and topic = $2 and delivered_at is null returning id`,
          [push.subscriptionId, push.topic],
        );
        replaced = deleted.rows.map((row) => row.id);
      }
      const { rows } = await tx.query<MessageRow>(
        `insert into _push.messages (id, subscription_id, ttl, urgency, topic, vapid_subject, vapid_public_key, text_body, encrypted_body)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${messageColumns}`,
        [randomUUID(), push.subscriptionId, push.ttl, push.urgency, push.topic, push.vapidSubject, push.vapidPublicKey, push.text, push.encryptedBody],
      );
      const row = rows[0];
      if (!row) throw new Error('insert into _push.messages returned no row');
      return { message: toMessage(row), replaced };
    });
  }

  /** Newest first, optionally of one subscription. */
  async listMessages(subscriptionId?: string): Promise<PushMessage[]> {
    await this.ensureSchema();
    const { rows } = await this.db.query<MessageRow>(
      `select ${messageColumns} from _push.messages
       where $1::text is null or subscription_id = $1::text
       order by seq desc
       limit 500`,
      [subscriptionId ?? null],
    );
    return rows.map(toMessage);
  }

  async getMessage(id: string): Promise<PushMessage | null> {
    await this.ensureSchema();
    const { rows } = await this.db.query<MessageRow>(`select ${messageColumns} from _push.messages where id = $1`, [id]);
    return rows[0] ? toMessage(rows[0]) : null;
  }

  /** Records that a test handed the push to a service worker. */
  async markDelivered(id: string): Promise<PushMessage | null> {
    await this.ensureSchema();
    const { rows } = await this.db.query<MessageRow>(
      `update _push.messages set delivered_at = coalesce(delivered_at, now()) where id = $1 returning ${messageColumns}`,
      [id],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }

  async clearMessages(): Promise<number> {
    await this.ensureSchema();
    const { rows } = await this.db.query<{ count: number }>(`with deleted as (delete from _push.messages returning 1) select count(*)::int as count from deleted`);
    return rows[0]?.count ?? 0;
  }
}
