// The database side of postgres_changes: installs the capture triggers (capture.sql), reads table
// metadata, and answers "may this subscriber SELECT that row?" under the subscriber's own role/claims.
import { readFile } from 'node:fs/promises';
import type { LocalContext } from '../context.ts';
import { requestSettingPairs, type Database, type RequestAuth } from '../db/database.ts';

export const changeChannel = 'supabase_local_realtime';

const captureSqlUrl = new URL('./capture.sql', import.meta.url);

/** Installs the capture function and attaches triggers to the publication's tables. Call after migrations. */
export async function prepareRealtime(ctx: Pick<LocalContext, 'db'>): Promise<void> {
  await ctx.db.exec(await readFile(captureSqlUrl, 'utf8'));
}

/** Re-attaches triggers (tables may have joined the publication, or the database was reset). */
export async function syncCaptureTriggers(db: Database): Promise<void> {
  const { rows } = await db.query<{ installed: boolean }>(
    `select to_regprocedure('supabase_local_realtime.sync_triggers()') is not null as installed`,
  );
  if (rows[0]?.installed) await db.query('select supabase_local_realtime.sync_triggers()');
  else await prepareRealtime({ db });
}

/** A change as the capture trigger sends it. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  truncated?: boolean;
}

export function parseCapturedChange(text: string): CapturedChange | null {
  try {
    const value = JSON.parse(text) as Partial<CapturedChange>;
    if (typeof value.schema !== 'string' || typeof value.table !== 'string') return null;
    if (value.type !== 'INSERT' && value.type !== 'UPDATE' && value.type !== 'DELETE') return null;
    return value as CapturedChange;
  } catch {
    return null;
  }
}

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, as Realtime sends it (`int8`, `text`, `_text`, …) */
  type: string;
  /** format_type(): a safe cast target read from the catalog */
  sqlType: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  rlsEnabled: boolean;
  replicaIdentityFull: boolean;
  columns: ColumnInfo[];
  primaryKey: string[];
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function readTableInfo(db: Database, schema: string, table: string): Promise<TableInfo | null> {
  const { rows } = await db.query<{ rls: boolean; replident: string; columns: ColumnInfo[] | string; pk: string[] | string }>(
    `select c.relrowsecurity as rls, c.relreplident::text as replident,
       (select coalesce(json_agg(json_build_object('name', a.attname, 'type', t.typname, 'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum), '[]'::json)
          from pg_attribute a join pg_type t on t.oid = a.atttypid
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
       (select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]'::json)
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = c.oid and i.indisprimary) as pk
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2`,
    [schema, table],
  );
  const row = rows[0];
  if (!row) return null;
  const columns = typeof row.columns === 'string' ? (JSON.parse(row.columns) as ColumnInfo[]) : row.columns;
  const primaryKey = typeof row.pk === 'string' ? (JSON.parse(row.pk) as string[]) : row.pk;
  return { schema, table, rlsEnabled: row.rls, replicaIdentityFull: row.replident === 'f', columns, primaryKey };
}

export async function publishedTables(db: Database): Promise<Set<string>> {
  const { rows } = await db.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'`,
  );
  return new Set(rows.map((r) => `${r.schemaname}.${r.tablename}`));
}

/** `pk1 = (<placeholder 0>)::type and …`; the key values are passed as text. */
function keyCondition(info: TableInfo, placeholder: (index: number) => string): string {
  return info.primaryKey
    .map((name, i) => {
      const column = info.columns.find((c) => c.name === name);
      return `${quoteIdent(name)} = (${placeholder(i)})::${column?.sqlType ?? 'text'}`;
    })
    .join(' and ');
}

function keyValues(info: TableInfo, record: Record<string, unknown>): unknown[] {
  return info.primaryKey.map((name) => {
    const value = record[name];
    return value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** The full current row as the owner, for changes too large for one NOTIFY. */
export async function readRowByKey(db: Database, info: TableInfo, keyRecord: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  if (info.primaryKey.length === 0) return null;
  const { rows } = await db.query<{ row: Record<string, unknown> | string }>(
    `select to_jsonb(t) as row from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} t where ${keyCondition(info, (i) => `$${i + 1}`)}`,
    keyValues(info, keyRecord),
  );
  const value = rows[0]?.row;
  return value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
}

/** Whether the subscriber's role holds the SELECT privilege on the table at all. */
export async function roleCanSelect(db: Database, role: string, info: TableInfo): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select has_table_privilege($1, format('%I.%I', $2::text, $3::text), 'SELECT') as ok`,
    [role, info.schema, info.table],
  );
  return rows[0]?.ok === true;
}

/**
 * Realtime's per-subscriber check, `select exists(… where pk = …)` under each subscriber's own role and
 * claims, for all of them in one statement (supabase_local_realtime.visible_to). Answers in order.
 */
export async function subscribersCanSeeRow(db: Database, subscribers: RequestAuth[], info: TableInfo, record: Record<string, unknown>): Promise<boolean[]> {
  if (subscribers.length === 0) return [];
  const check = `select exists (select 1 from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} where ${keyCondition(info, (i) => `$1[${i + 1}]`)})`;
  const { rows } = await db.query<{ visible: boolean[] }>(
    'select supabase_local_realtime.visible_to($1::jsonb, $2, $3::text[]) as visible',
    [JSON.stringify(subscribers.map((auth) => requestSettingPairs(auth, null))), check, keyValues(info, record)],
  );
  const answers = rows[0]?.visible ?? [];
  return subscribers.map((_, i) => answers[i] === true);
}

export function pickColumns(record: Record<string, unknown> | null, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!record) return out;
  for (const name of names) if (name in record) out[name] = record[name];
  return out;
}
