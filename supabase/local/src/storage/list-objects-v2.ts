// POST /object/list-v2/:bucket — storage-api's cursor-paginated listing (ObjectStorage.listObjectsV2 over
// storage.search_v2 / list_objects_with_delimiter). Without `with_delimiter` every object under the
// prefix is listed flat; with it, keys are grouped at the next `/` into folders. Pages hold `limit` (at
// most 1000) entries; `nextCursor` is storage-api's continuation token (base64 of `l:<last name>`,
// `o:<order>`, `c:<column>`, `a:<ISO time>` lines). Runs as the caller, so storage.objects RLS decides.
import type { Queryable } from '../db/database.ts';
import type { ListEntry } from './object-rows.ts';
import { storageErrors } from './storage-error.ts';

type SortColumn = 'name' | 'created_at' | 'updated_at';
type SortOrder = 'asc' | 'desc';

export interface ListV2Options {
  prefix: string;
  limit: number;
  cursor?: string;
  withDelimiter: boolean;
  sortBy?: { column: SortColumn; order?: SortOrder };
}

interface ContinuationToken {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

/** An entry of the v1 list, with list-v2's full key. */
interface ListedRow extends ListEntry {
  key?: string;
}

export interface ListV2Result {
  hasNext: boolean;
  nextCursor?: string;
  nextCursorKey?: string;
  folders: ListedRow[];
  objects: ListedRow[];
}

const maxKeys = 1000;
const tokenParts: [string, keyof ContinuationToken][] = [['l', 'startAfter'], ['o', 'sortOrder'], ['c', 'sortColumn'], ['a', 'sortColumnAfter']];
/** Values that newer storage-api leaves out of the token because they are the defaults. */
const tokenDefaults: Partial<ContinuationToken> = { sortOrder: 'asc', sortColumn: 'name' };
const allowedTokenValues: Partial<Record<keyof ContinuationToken, readonly string[]>> = {
  sortOrder: ['asc', 'desc'],
  sortColumn: ['name', 'created_at', 'updated_at'],
};

export function encodeContinuationToken(token: ContinuationToken): string {
  const lines: string[] = [];
  for (const [letter, field] of tokenParts) {
    const value = token[field];
    if (value && value !== tokenDefaults[field]) lines.push(`${letter}:${value}`);
  }
  return Buffer.from(lines.join('\n')).toString('base64');
}

export function decodeContinuationToken(cursor: string): ContinuationToken {
  const token: ContinuationToken = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(cursor, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(part);
    const field = match ? tokenParts.find(([letter]) => letter === match[1])?.[1] : undefined;
    const value = match?.[2] ?? '';
    if (!field || (allowedTokenValues[field] && !allowedTokenValues[field].includes(value))) {
      throw storageErrors.invalidParameter('continuation token');
    }
    token[field] = value;
  }
  return token;
}

/** The request body as storage-api's JSON schema accepts it (fastify validation errors are 400s). */
export function parseListV2Body(body: Record<string, unknown>): ListV2Options {
  const { prefix = '', limit, cursor, with_delimiter: withDelimiter = false, sortBy } = body;
  if (typeof prefix !== 'string') throw storageErrors.invalidRequest('body/prefix must be string');
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit))) throw storageErrors.invalidRequest('body/limit must be integer');
  if (typeof limit === 'number' && limit < 1) throw storageErrors.invalidRequest('body/limit must be >= 1');
  if (cursor !== undefined && typeof cursor !== 'string') throw storageErrors.invalidRequest('body/cursor must be string');
  if (typeof withDelimiter !== 'boolean') throw storageErrors.invalidRequest('body/with_delimiter must be boolean');
  let sort: ListV2Options['sortBy'];
  if (sortBy !== undefined) {
    if (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy)) throw storageErrors.invalidRequest('body/sortBy must be object');
    const { column, order } = sortBy as { column?: unknown; order?: unknown };
    if (column === undefined) throw storageErrors.invalidRequest("body/sortBy must have required property 'column'");
    if (column !== 'name' && column !== 'created_at' && column !== 'updated_at') {
      throw storageErrors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
    }
    if (order !== undefined && order !== 'asc' && order !== 'desc') throw storageErrors.invalidRequest('body/sortBy/order must be equal to one of the allowed values');
    sort = { column, ...(order !== undefined ? { order } : {}) };
  }
  return {
    prefix,
    limit: Math.min(typeof limit === 'number' ? limit : maxKeys, maxKeys),
    ...(cursor ? { cursor } : {}),
    withDelimiter,
    ...(sort ? { sortBy: sort } : {}),
  };
}

const iso = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Flat listing (no delimiter): objects whose name starts with the prefix, sorted, keyset-paginated. */
async function listFlat(db: Queryable, bucketId: string, prefix: string, take: number, sort: { column?: string; order: SortOrder; after?: string }, startAfter: string | undefined): Promise<ListedRow[]> {
  // storage-api sorts by created_at/updated_at only when asked and always breaks ties by name (bytewise).
  const column = sort.column === 'created_at' || sort.column === 'updated_at' ? sort.column : undefined;
  const params: unknown[] = [bucketId, prefix, take];
  const where = ['bucket_id = $1', `($2 = '' or name like $2 || '%')`];
  if (startAfter !== undefined) {
    const op = sort.order === 'asc' ? '>' : '<';
    params.push(startAfter);
    if (column && sort.after !== undefined) {
      params.push(sort.after);
      where.push(`row(date_trunc('milliseconds', ${column}), name collate "C") ${op} row(coalesce(nullif($5, '')::timestamptz, 'epoch'::timestamptz), $4::text)`);
    } else {
      where.push(`name collate "C" ${op} $4`);
    }
  }
  const order = `${column ? `${column} ${sort.order}, ` : ''}name collate "C" ${sort.order}`;
  const { rows } = await db.query<ListedRow>(
    `select id, name, metadata, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at, ${iso('last_accessed_at')} as last_accessed_at
     from storage.objects where ${where.join(' and ')} order by ${order} limit $3`,
    params,
  );
  return rows;
}

/**
 * Delimited listing (storage.search_v2): under the prefix, each key either is a file (no `/` after the
 * prefix) or collapses into a folder named by everything up to that `/`. Sorted by name, folders sort
 * where their keys do (as `name/`); sorted by a timestamp, a folder carries its oldest object's
 * created_at in both timestamp fields, as search_by_timestamp does.
 */
async function listDelimited(db: Queryable, bucketId: string, prefix: string, take: number, sort: { column?: string; order: SortOrder; after?: string }, startAfter: string | undefined): Promise<ListedRow[]> {
  const column = sort.column === 'created_at' || sort.column === 'updated_at' ? sort.column : undefined;
  const levels = prefix === '' ? 1 : prefix.split('/').length;
  const op = sort.order === 'asc' ? '>' : '<';
  const params: unknown[] = [bucketId, prefix, take, levels];
  let after = 'true';
  if (startAfter) {
    params.push(startAfter);
    if (column) {
      params.push(sort.after ?? '');
      after = `row(date_trunc('milliseconds', e.${column}), e.name collate "C") ${op} row(coalesce(nullif($6, '')::timestamptz, 'epoch'::timestamptz), $5::text)`;
    } else {
      // The cursor names a folder when objects live under it; its place in the order is then `name/`.
      after = `e.sort_key ${op} (case when exists (select 1 from storage.objects f where f.bucket_id = $1 and left(f.name, length($5) + 1) = $5 || '/')
                 then $5 || '/' else $5 end) collate "C"`;
    }
  }
  const order = column
    ? `coalesce(date_trunc('milliseconds', e.${column}), 'epoch'::timestamptz) ${sort.order}, e.name collate "C" ${sort.order}`
    : `e.sort_key collate "C" ${sort.order}`;
  const folderTimes = column ? 'min(created_at)' : 'null::timestamptz';
  const { rows } = await db.query<ListedRow>(
    `with under as (
       select o.*, strpos(substr(o.name, length($2) + 1), '/') as slash
       from storage.objects o
       where o.bucket_id = $1 and left(o.name, length($2)) = $2
     ), entries as (
       select left(name, length($2) + slash - 1) as name, left(name, length($2) + slash) as sort_key, null::uuid as id,
              ${folderTimes} as updated_at, ${folderTimes} as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from under where slash > 0 group by 1, 2
       union all
       select name, name, id, updated_at, created_at, last_accessed_at, metadata from under where slash = 0
     )
     select split_part(e.name, '/', $4) as key, e.name, e.id, ${iso('e.updated_at')} as updated_at, ${iso('e.created_at')} as created_at,
            ${iso('e.last_accessed_at')} as last_accessed_at, e.metadata
     from entries e where ${after} order by ${order} limit $3`,
    params,
  );
  return rows;
}

export async function listObjectsV2(db: Queryable, bucketId: string, options: ListV2Options): Promise<ListV2Result> {
  const cursor = options.cursor ? decodeContinuationToken(options.cursor) : undefined;
  // As storage-api: the cursor's sort wins over the request's.
  const sortColumn = cursor?.sortColumn ?? options.sortBy?.column;
  const sortOrder: SortOrder = (cursor?.sortOrder ?? options.sortBy?.order) === 'desc' ? 'desc' : 'asc';
  const sort = { order: sortOrder, ...(sortColumn ? { column: sortColumn } : {}), ...(cursor?.sortColumnAfter ? { after: cursor.sortColumnAfter } : {}) };
  const startAfter = cursor?.startAfter || undefined;
  const list = options.withDelimiter ? listDelimited : listFlat;
  const rows = await list(db, bucketId, options.prefix, options.limit + 1, sort, startAfter);

  const hasNext = rows.length > options.limit;
  const page = hasNext ? rows.slice(0, options.limit) : rows;
  const folders: ListedRow[] = [];
  const objects: ListedRow[] = [];
  for (const row of page) {
    if (row.id === null) folders.push({ ...row, name: row.name.endsWith('/') ? row.name : `${row.name}/` });
    else objects.push(row);
  }
  const result: ListV2Result = { hasNext, folders, objects };
  const last = page[page.length - 1];
  if (hasNext && last) {
    const timeColumn = sortColumn === 'created_at' || sortColumn === 'updated_at' ? sortColumn : undefined;
    const timeValue = timeColumn ? last[timeColumn] : null;
    result.nextCursor = encodeContinuationToken({
      startAfter: last.name,
      ...(cursor?.sortOrder ?? options.sortBy?.order ? { sortOrder: cursor?.sortOrder ?? options.sortBy?.order } : {}),
      ...(sortColumn ? { sortColumn } : {}),
      ...(timeValue ? { sortColumnAfter: new Date(timeValue).toISOString() } : {}),
    });
    result.nextCursorKey = last.name;
  }
  return result;
}
