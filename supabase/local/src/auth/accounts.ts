// Creating users (with their first identity) and opening sessions: shared by signup, admin,
// password sign-in and the OAuth flow, and exported for seeding scripts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AuthError, unprocessable } from './auth-error.ts';
import { normaliseEmail } from './email-address.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { createSession, type AuthenticationMethod } from './session-store.ts';
import { tokenResponse } from './token-response.ts';
import {
  findUserByEmail,
  insertIdentity,
  insertUser,
  updateUser,
  withProviders,
  type Metadata,
  type UserRow,
} from './user-store.ts';

export interface NewEmailUser {
  email: string;
  password?: string | null;
  emailConfirmed: boolean;
  userMetadata?: Metadata;
  appMetadata?: Metadata;
  role?: string;
  id?: string;
  /**
   * Admin-made users (createUser, invite, generate_link) keep user_metadata exactly as given, as GoTrue's
   * NewUser does; the sign-up routes also copy the identity's claims (sub, email, email_verified) into it.
   */
  metadataAsGiven?: boolean;
}

/** A user signed up with e-mail: the auth.users row (app triggers fire) plus its `email` identity. */
export async function createEmailUser(tx: Queryable, deps: AuthDeps, input: NewEmailUser, duplicate: 'user_already_exists' | 'email_exists'): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (input.password != null) assertStrongPassword(deps.config, input.password);
  if (await findUserByEmail(tx, email)) {
    throw duplicate === 'user_already_exists'
      ? unprocessable('user_already_exists', 'User already registered')
      : unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const passwordHash = input.password != null ? await hashPassword(deps.config, input.password) : null;
  const id = input.id ?? randomUUID();
  const identityData = { sub: id, email, email_verified: input.emailConfirmed, phone_verified: false };
  const user = await insertUserOrExplain(tx, {
    id,
    email,
    passwordHash,
    emailConfirmed: input.emailConfirmed,
    appMetadata: { ...withProviders(null, ['email']), ...(input.appMetadata ?? {}) },
    userMetadata: input.metadataAsGiven ? (input.userMetadata ?? {}) : { ...identityData, ...(input.userMetadata ?? {}) },
    role: input.role,
  });
  await insertIdentity(tx, user.id, 'email', user.id, identityData);
  return user;
}

/**
 * Inserts the auth.users row. App triggers on auth.users run inside this insert; when one fails,
 * GoTrue answers 500 "Database error saving new user" (and logs the cause) instead of leaking SQL.
 */
async function insertUserOrExplain(tx: Queryable, user: Parameters<typeof insertUser>[1]): Promise<UserRow> {
  try {
    return await insertUser(tx, user);
  } catch (error) {
    console.error('[auth] inserting into auth.users failed', error);
    throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
  }
}

/** Opens a session for a signed-in user and answers with GoTrue's token response. */
export async function signIn(tx: Queryable, deps: AuthDeps, user: UserRow, method: AuthenticationMethod, userAgent: string | null): Promise<Record<string, unknown>> {
  const signedIn = await updateUser(tx, user.id, { lastSignIn: true });
  const { session, refreshToken } = await createSession(tx, user.id, method, userAgent);
  return tokenResponse(tx, deps.keys, deps.config, signedIn, session, refreshToken);
}
