// SQL on storage.buckets / storage.objects. Every function takes the Queryable it runs on, so the
// caller decides whether a statement runs under the request's role (RLS) or as the owner.
import type { Queryable } from '../db/database.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
}

const bucketColumns = `id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const objectColumns = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  to_char(last_accessed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_accessed_at`;

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | null> {
  const { rows } = await db.query<BucketRow>(`select ${bucketColumns} from storage.buckets where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listBuckets(db: Queryable, opts: { limit?: number; offset?: number; search?: string }): Promise<BucketRow[]> {
  const { rows } = await db.query<BucketRow>(
    `select ${bucketColumns} from storage.buckets
     where ($1::text is null or name ilike '%' || $1 || '%')
     order by name limit $2 offset $3`,
    [opts.search ?? null, opts.limit ?? 1000, opts.offset ?? 0],
  );
  return rows;
}

export interface BucketInput {
  id: string;
  name: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  ownerId: string | null;
}

export async function insertBucket(db: Queryable, input: BucketInput): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner_id, owner)
     values ($1, $2, $3, $4, $5, $6, case when $6 ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then $6::uuid end)`,
    [input.id, input.name, input.public, input.fileSizeLimit, input.allowedMimeTypes, input.ownerId],
  );
}

export async function updateBucket(
  db: Queryable,
  id: string,
  patch: { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null },
): Promise<boolean> {
  const { rows } = await db.query(
    `update storage.buckets set
       public = case when $2 then $3 else public end,
       file_size_limit = case when $4 then $5 else file_size_limit end,
       allowed_mime_types = case when $6 then $7 else allowed_mime_types end,
       updated_at = now()
     where id = $1 returning id`,
    [
      id,
      patch.public !== undefined, patch.public ?? false,
      patch.fileSizeLimit !== undefined, patch.fileSizeLimit ?? null,
      patch.allowedMimeTypes !== undefined, patch.allowedMimeTypes ?? null,
    ],
  );
  return rows.length > 0;
}

export async function deleteBucket(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(`delete from storage.buckets where id = $1 returning id`, [id]);
  return rows.length > 0;
}

export async function countObjects(db: Queryable, bucketId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1`, [bucketId]);
  return rows[0]?.n ?? 0;
}

export async function findObject(db: Queryable, bucketId: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(`select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  return rows[0] ?? null;
}

export interface ObjectWrite {
  bucketId: string;
  name: string;
  ownerId: string | null;
  version: string;
  /** null only for permission probes that are rolled back */
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
}

function writeParams(w: ObjectWrite): unknown[] {
  return [w.bucketId, w.name, w.ownerId, w.version, w.metadata === null ? null : JSON.stringify(w.metadata), w.userMetadata === null ? null : JSON.stringify(w.userMetadata)];
}

const ownerUuid = `case when $3 ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then $3::uuid end`;

/** Plain INSERT: needs an INSERT policy; an existing key is a unique violation (→ 409). */
export async function insertObject(db: Queryable, w: ObjectWrite): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner_id, owner, version, metadata, user_metadata)
     values ($1, $2, $3, ${ownerUuid}, $4, $5::jsonb, $6::jsonb) returning id`,
    writeParams(w),
  );
  return rows[0]!.id;
}

/** INSERT … ON CONFLICT DO UPDATE: needs INSERT, SELECT and UPDATE policies, as storage-api's upsert. */
export async function upsertObject(db: Queryable, w: ObjectWrite): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner_id, owner, version, metadata, user_metadata)
     values ($1, $2, $3, ${ownerUuid}, $4, $5::jsonb, $6::jsonb)
     on conflict (bucket_id, name) do update set
       owner_id = excluded.owner_id, owner = excluded.owner, version = excluded.version,
       metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    writeParams(w),
  );
  return rows[0]!.id;
}

/** UPDATE of an existing key (PUT /object): needs SELECT + UPDATE policies; null when not visible. */
export async function replaceObject(db: Queryable, w: ObjectWrite): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `update storage.objects set owner_id = $3, owner = ${ownerUuid}, version = $4, metadata = $5::jsonb,
       user_metadata = $6::jsonb, updated_at = now(), last_accessed_at = now()
     where bucket_id = $1 and name = $2 returning id`,
    writeParams(w),
  );
  return rows[0]?.id ?? null;
}

export async function deleteObjects(db: Queryable, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${objectColumns}`,
    [bucketId, names],
  );
  return rows;
}

export async function renameObject(db: Queryable, fromBucket: string, fromName: string, toBucket: string, toName: string, ownerId: string | null): Promise<boolean> {
  const { rows } = await db.query(
    `update storage.objects set bucket_id = $4, name = $5, updated_at = now(), last_accessed_at = now(),
       owner_id = coalesce($3, owner_id), owner = coalesce(${ownerUuid}, owner)
     where bucket_id = $1 and name = $2 returning id`,
    [fromBucket, fromName, ownerId, toBucket, toName],
  );
  return rows.length > 0;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
}

/**
 * `search` is a name prefix within the level, as storage.search's `ilike prefix || search || '%'`.
 * One level of the key tree under `prefix` (storage.search semantics): objects directly under the
 * prefix, plus one row per sub-folder (id/metadata null). Runs as the caller, so RLS hides rows.
 */
export async function listLevel(db: Queryable, bucketId: string, opts: ListOptions): Promise<ListEntry[]> {
  const prefix = opts.prefix === '' || opts.prefix.endsWith('/') ? opts.prefix : `${opts.prefix}/`;
  // Folders sort by name only; for other sort columns they come first like storage.search does.
  const orderColumn = opts.sortColumn === 'name' ? 'name' : opts.sortColumn;
  const direction = opts.sortOrder === 'desc' ? 'desc' : 'asc';
  const { rows } = await db.query<ListEntry>(
    `with level as (
       select split_part(substr(o.name, length($2) + 1), '/', 1) as entry,
              position('/' in substr(o.name, length($2) + 1)) > 0 as is_folder, o.*
       from storage.objects o
       where o.bucket_id = $1 and left(o.name, length($2)) = $2
     ), entries as (
       select distinct on (entry) entry as name,
              case when is_folder then null else id end as id,
              case when is_folder then null else updated_at end as updated_at,
              case when is_folder then null else created_at end as created_at,
              case when is_folder then null else last_accessed_at end as last_accessed_at,
              case when is_folder then null else metadata end as metadata,
              is_folder
       from level
       where entry <> '' and ($3 = '' or left(lower(entry), length($3)) = lower($3))
       order by entry, is_folder
     )
     select name, id,
       to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
       to_char(last_accessed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_accessed_at,
       metadata
     from entries
     order by ${orderColumn === 'name' ? '' : 'is_folder desc, '}${orderColumn} ${direction} nulls first, name ${direction}
     limit $4 offset $5`,
    [bucketId, prefix, opts.search, opts.limit, opts.offset],
  );
  return rows;
}
