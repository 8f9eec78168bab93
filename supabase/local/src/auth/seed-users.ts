// Demo and test accounts for seeding (npm start, seed hooks): the same path as the admin API,
// idempotent by e-mail so re-seeding keeps existing users.
import type { LocalContext } from '../context.ts';
import { authDeps } from './auth-deps.ts';
import { createEmailUser } from './accounts.ts';
import { normaliseEmail } from './email-address.ts';
import { findUserByEmail, type Metadata } from './user-store.ts';

export interface SeedUser {
  email: string;
  password: string;
  id?: string;
  userMetadata?: Metadata;
  appMetadata?: Metadata;
}

/** Creates a confirmed e-mail/password user (app triggers fire) unless one with that e-mail exists; returns its id. */
export async function ensureSeedUser(ctx: LocalContext, input: SeedUser): Promise<string> {
  const deps = authDeps(ctx);
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, normaliseEmail(input.email));
    if (existing) return existing.id;
    const user = await createEmailUser(
      tx,
      deps,
      { id: input.id, email: input.email, password: input.password, emailConfirmed: true, userMetadata: input.userMetadata, appMetadata: input.appMetadata },
      'email_exists',
    );
    return user.id;
  });
}
