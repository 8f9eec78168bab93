// Received mails, kept in the database (schema `_mailbox`) so they survive restarts of the stand-in.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { lazySchema } from '../db/lazy-schema.ts';

export interface MailMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  receivedAt: string;
}

export interface NewMail {
  from: string;
  to: string[];
  subject: string;
  text?: string | undefined;
  html?: string | undefined;
}

interface MailRow {
  id: string;
  sender: string;
  recipients: string[];
  subject: string;
  text_body: string | null;
  html_body: string | null;
  received_at: string | Date;
}

const schemaSql = `
  create schema if not exists _mailbox;
  create table if not exists _mailbox.messages (
    seq bigserial primary key,
    id text not null unique,
    sender text not null,
    recipients text[] not null,
    -- bare lower-cased addresses, for the ?to= filter
    addresses text[] not null,
    subject text not null,
    text_body text,
    html_body text,
    received_at timestamptz not null default now()
  );
`;

/** `"Ann <ann@x.io>"` → `ann@x.io`; a bare address is trimmed and lower-cased. */
export function bareAddress(recipient: string): string {
  const angle = /<([^>]+)>/.exec(recipient);
  return (angle?.[1] ?? recipient).trim().toLowerCase();
}

function toMessage(row: MailRow): MailMessage {
  const receivedAt = row.received_at instanceof Date ? row.received_at : new Date(row.received_at);
  return {
    id: row.id,
    from: row.sender,
    to: row.recipients,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    receivedAt: receivedAt.toISOString(),
  };
}

export class MailboxStore {
  private readonly ensureSchema: () => Promise<void>;

  constructor(private readonly db: Database) {
    this.ensureSchema = lazySchema(db, schemaSql);
  }

  async add(mail: NewMail): Promise<MailMessage> {
    await this.ensureSchema();
    const { rows } = await this.db.query<MailRow>(
      `insert into _mailbox.messages (id, sender, recipients, addresses, subject, text_body, html_body)
       values ($1, $2, $3, $4, $5, $6, $7)
       returning id, sender, recipients, subject, text_body, html_body, received_at`,
      [randomUUID(), mail.from, mail.to, mail.to.map(bareAddress), mail.subject, mail.text ?? null, mail.html ?? null],
    );
    const row = rows[0];
    if (!row) throw new Error('insert into _mailbox.messages returned no row');
    return toMessage(row);
  }

  /** Newest first; `to` filters on a recipient address (case-insensitive). */
  async list(to?: string): Promise<MailMessage[]> {
    await this.ensureSchema();
    const filter = to ? bareAddress(to) : null;
    const { rows } = await this.db.query<MailRow>(
      `select id, sender, recipients, subject, text_body, html_body, received_at
       from _mailbox.messages
       where $1::text is null or $1::text = any(addresses)
       order by seq desc
       limit 500`,
      [filter],
    );
    return rows.map(toMessage);
  }

  async get(id: string): Promise<MailMessage | null> {
    await this.ensureSchema();
    const { rows } = await this.db.query<MailRow>(
      `select id, sender, recipients, subject, text_body, html_body, received_at from _mailbox.messages where id = $1`,
      [id],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }

  async clear(): Promise<number> {
    await this.ensureSchema();
    const { rows } = await this.db.query<{ count: number }>(
      `with deleted as (delete from _mailbox.messages returning 1) select count(*)::int as count from deleted`,
    );
    return rows[0]?.count ?? 0;
  }
}
