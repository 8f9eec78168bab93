// Users live in the real auth.users / auth.identities tables (as the owner), so app triggers and
// foreign keys on auth.users behave as on hosted Supabase. Also renders GoTrue's user JSON.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { notFound } from './auth-error.ts';

export type Metadata = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  invited_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, invited_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous`;
const identityColumns = 'id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email';
export const factorColumns = 'id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret, created_at, updated_at, last_challenged_at';

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function requireUserById(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where lower(email) = lower($1) and is_sso_user = false order by created_at limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  emailConfirmed: boolean;
  appMetadata: Metadata;
  userMetadata: Metadata;
  role?: string;
  isAnonymous?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5,
       case when $6::boolean then now() end, $7::jsonb, $8::jsonb, $9, now(), now())
     returning ${userColumns}`,
    [
      user.id ?? randomUUID(),
      user.role ?? 'authenticated',
      user.email,
      user.phone ?? null,
      user.passwordHash ?? '',
      user.emailConfirmed,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.isAnonymous ?? false,
    ],
  );
  return rows[0] as UserRow;
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  emailConfirmed?: boolean;
  appMetadata?: Metadata;
  userMetadata?: Metadata;
  role?: string;
  bannedUntil?: Date | null;
  lastSignIn?: boolean;
}

export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = ''): void => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (changes.email !== undefined) set('email', changes.email);
  if (changes.passwordHash !== undefined) set('encrypted_password', changes.passwordHash);
  if (changes.emailConfirmed === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (changes.emailConfirmed === false) sets.push('email_confirmed_at = null');
  if (changes.appMetadata !== undefined) set('raw_app_meta_data', JSON.stringify(changes.appMetadata), '::jsonb');
  if (changes.userMetadata !== undefined) set('raw_user_meta_data', JSON.stringify(changes.userMetadata), '::jsonb');
  if (changes.role !== undefined) set('role', changes.role);
  if (changes.bannedUntil !== undefined) set('banned_until', changes.bannedUntil);
  if (changes.lastSignIn) sets.push('last_sign_in_at = now()');
  const { rows } = await db.query<UserRow>(`update auth.users set ${sets.join(', ')} where id = $1 returning ${userColumns}`, params);
  const row = rows[0];
  if (!row) throw notFound('user_not_found', 'User not found');
  return row;
}

/** GoTrue's metadata update rule: keys merge in, a key set to null is removed. */
export function mergeMetadata(current: Metadata | null, patch: Metadata): Metadata {
  const merged: Metadata = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select ${identityColumns} from auth.identities where user_id = $1 order by created_at, provider`,
    [userId],
  );
  return rows;
}

export async function findIdentity(db: Queryable, provider: string, providerId: string): Promise<IdentityRow | null> {
  const { rows } = await db.query<IdentityRow>(
    `select ${identityColumns} from auth.identities where provider = $1 and provider_id = $2`,
    [provider, providerId],
  );
  return rows[0] ?? null;
}

export async function insertIdentity(db: Queryable, userId: string, provider: string, providerId: string, identityData: Metadata): Promise<IdentityRow> {
  const { rows } = await db.query<IdentityRow>(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, now(), now(), now()) returning ${identityColumns}`,
    [randomUUID(), providerId, userId, JSON.stringify(identityData), provider],
  );
  return rows[0] as IdentityRow;
}

export async function touchIdentity(db: Queryable, identityId: string, identityData: Metadata): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1`,
    [identityId, JSON.stringify(identityData)],
  );
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${factorColumns} from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

const iso = (value: Date | null | undefined): string | undefined => (value ? new Date(value).toISOString() : undefined);

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? (typeof identity.identity_data.email === 'string' ? identity.identity_data.email.toLowerCase() : undefined),
  };
}

export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    last_challenged_at: iso(factor.last_challenged_at),
  };
}

/** GoTrue's models.User as JSON (omitempty fields left out when empty). */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = await Promise.all([listIdentities(db, user.id), listFactors(db, user.id)]);
  const confirmedAt = [user.email_confirmed_at, user.phone_confirmed_at]
    .filter((value): value is Date => value !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    invited_at: iso(user.invited_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(confirmedAt),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}

/** app_metadata.providers after adding (or removing) one provider; `provider` stays the first sign-in method. */
export function withProviders(appMetadata: Metadata | null, providers: string[]): Metadata {
  const current = appMetadata ?? {};
  const unique = [...new Set(providers)].sort();
  const provider = typeof current.provider === 'string' && unique.includes(current.provider) ? current.provider : unique[0];
  return { ...current, provider, providers: unique };
}
