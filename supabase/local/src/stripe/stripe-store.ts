// Persistence of the double in the database (schema `_stripe`, jsonb documents), so checkout sessions,
// accounts and events survive a restart of the stand-in like they would at Stripe.
import type { Queryable } from '../db/database.ts';
import type { StripeObject } from './stripe-objects.ts';

export const stripeSchemaSql = `
  create schema if not exists _stripe;
  create table if not exists _stripe.objects (
    seq bigserial primary key,
    id text not null unique,
    object text not null,
    data jsonb not null
  );
  create index if not exists objects_by_type on _stripe.objects (object, seq);
  create table if not exists _stripe.idempotency_keys (
    key text primary key,
    fingerprint text not null,
    status int not null,
    body jsonb not null,
    created_at timestamptz not null default now()
  );
  create table if not exists _stripe.webhook_deliveries (
    seq bigserial primary key,
    event_id text not null,
    event_type text not null,
    url text not null,
    attempt int not null,
    status int,
    error text,
    delivered_at timestamptz not null default now()
  );
`;

export interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** `status` of a key whose first request is still executing (no HTTP status is 0). */
const inProgressStatus = 0;
/** A claim this old whose request never finished (the stand-in stopped mid-request) can be taken over. */
export const abandonedClaimSeconds = 60;

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'in_progress'; fingerprint: string }
  | { state: 'completed'; result: IdempotentResult };

export interface WebhookDelivery {
  event_id: string;
  event_type: string;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  delivered_at: string;
}

/** jsonb arrives parsed from node-postgres and as text from some PGlite paths. */
function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export class StripeStore {
  constructor(private readonly q: Queryable) {}

  async get<T extends StripeObject>(id: string, object?: T['object']): Promise<T | null> {
    const { rows } = await this.q.query<{ data: unknown; object: string }>(`select data, object from _stripe.objects where id = $1`, [id]);
    const row = rows[0];
    if (!row || (object !== undefined && row.object !== object)) return null;
    return parsed<T>(row.data);
  }

  async put<T extends StripeObject>(value: T): Promise<T> {
    await this.q.query(
      `insert into _stripe.objects (id, object, data) values ($1, $2, $3::jsonb)
       on conflict (id) do update set data = excluded.data`,
      [value.id, value.object, JSON.stringify(value)],
    );
    return value;
  }

  /** Newest first, as Stripe lists. */
  async list<T extends StripeObject>(object: T['object']): Promise<T[]> {
    const { rows } = await this.q.query<{ data: unknown }>(`select data from _stripe.objects where object = $1 order by seq desc`, [object]);
    return rows.map((row) => parsed<T>(row.data));
  }

  /**
   * Claims an idempotency key for a request before it executes, atomically (one statement: two requests
   * racing for a key cannot both win, on PGlite or on a pool of native connections). A key stays claimed
   * while its request runs (`status` 0) and then holds the saved response; it can be claimed afresh once it
   * is 24 hours old, or when a claim was abandoned (the stand-in stopped mid-request) for a minute.
   */
  async claimIdempotencyKey(key: string, fingerprint: string): Promise<IdempotencyClaim> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { rows: won } = await this.q.query(
        `insert into _stripe.idempotency_keys as k (key, fingerprint, status, body) values ($1, $2, ${inProgressStatus}, 'null'::jsonb)
         on conflict (key) do update set fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, created_at = now()
           where k.created_at <= now() - interval '24 hours'
              or (k.status = ${inProgressStatus} and k.created_at <= now() - interval '${abandonedClaimSeconds} seconds')
         returning k.key`,
        [key, fingerprint],
      );
      if (won.length > 0) return { state: 'claimed' };
      const { rows } = await this.q.query<{ fingerprint: string; status: number; body: unknown }>(
        `select fingerprint, status, body from _stripe.idempotency_keys where key = $1`,
        [key],
      );
      const row = rows[0];
      // Released by a request that failed validation between our two statements: try to claim it again.
      if (!row) continue;
      if (row.status === inProgressStatus) return { state: 'in_progress', fingerprint: row.fingerprint };
      return { state: 'completed', result: { fingerprint: row.fingerprint, status: row.status, body: parsed(row.body) } };
    }
    return { state: 'in_progress', fingerprint };
  }

  /** Saves the response of a claimed request (inside the change's own transaction when there is one). */
  async completeIdempotentRequest(key: string, fingerprint: string, status: number, body: unknown): Promise<void> {
    await this.q.query(
      `update _stripe.idempotency_keys set status = $3, body = $4::jsonb where key = $1 and fingerprint = $2 and status = ${inProgressStatus}`,
      [key, fingerprint, status, JSON.stringify(body)],
    );
  }

  /** Gives a claimed key back unused: the request was refused before it began to execute. */
  async releaseIdempotencyKey(key: string, fingerprint: string): Promise<void> {
    await this.q.query(`delete from _stripe.idempotency_keys where key = $1 and fingerprint = $2 and status = ${inProgressStatus}`, [key, fingerprint]);
  }

  async recordDelivery(delivery: Omit<WebhookDelivery, 'delivered_at'>): Promise<void> {
    await this.q.query(
      `insert into _stripe.webhook_deliveries (event_id, event_type, url, attempt, status, error) values ($1, $2, $3, $4, $5, $6)`,
      [delivery.event_id, delivery.event_type, delivery.url, delivery.attempt, delivery.status, delivery.error],
    );
  }

  async deliveries(): Promise<WebhookDelivery[]> {
    const { rows } = await this.q.query<WebhookDelivery & { delivered_at: string | Date }>(
      `select event_id, event_type, url, attempt, status, error, delivered_at from _stripe.webhook_deliveries order by seq desc limit 1000`,
    );
    return rows.map((row) => ({ ...row, delivered_at: new Date(row.delivered_at).toISOString() }));
  }
}
