// GoTrue's e-mail sign-up (POST /signup, and /otp for an address with no confirmed account): with confirmations
// off the user is created confirmed and signed in; with them on (hosted's default) the user gets no session and
// a confirmation mail (docs/decisions/email-confirmation.md). A confirmed address is never revealed.
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from './auth-deps.ts';
import { createEmailUser, signIn } from './accounts.ts';
import { prepareConfirmation, type ConfirmationMail } from './confirmation-mail.ts';
import { normaliseEmail } from './email-address.ts';
import { assertStrongPassword } from './passwords.ts';
import { findUserByEmail, requireUserById, userJson, type Metadata } from './user-store.ts';

export interface EmailSignup {
  email: string;
  password: string;
  data: Metadata;
  redirectTo: string;
  userAgent: string | null;
}

/** GoTrue's sanitizeUser: a new id, no identities, the metadata just sent, nothing confirmed. */
function obfuscatedUser(real: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    ...real,
    id: randomUUID(),
    email_confirmed_at: undefined,
    confirmed_at: undefined,
    last_sign_in_at: undefined,
    recovery_sent_at: undefined,
    factors: undefined,
    created_at: now,
    updated_at: now,
    confirmation_sent_at: now,
    identities: [],
    user_metadata: data,
    app_metadata: { provider: 'email', providers: ['email'] },
  };
}

/** Signs the address up; answers GoTrue's /signup body (a session, or the unconfirmed user) and mails what is due. */
export async function signUpWithEmail(deps: AuthDeps, input: EmailSignup): Promise<Record<string, unknown>> {
  const { db, config, mailbox } = deps;
  const { email, password, data } = input;
  if (config.mailerAutoconfirm) {
    // Confirmations off ([auth.email] enable_confirmations = false): signup signs the user straight in.
    return db.transaction(async (tx) => {
      const user = await createEmailUser(tx, deps, { email, password, emailConfirmed: true, userMetadata: data }, 'user_already_exists');
      return signIn(tx, deps, user, 'password', input.userAgent);
    });
  }
  assertStrongPassword(config, password);
  const { user, mail } = await db.transaction(async (tx): Promise<{ user: Record<string, unknown>; mail: ConfirmationMail | null }> => {
    const existing = await findUserByEmail(tx, normaliseEmail(email));
    // A confirmed account: GoTrue answers with a made-up unconfirmed user, so sign-up tells no one it exists.
    if (existing?.email_confirmed_at) return { user: obfuscatedUser(await userJson(tx, existing), data), mail: null };
    // Not confirmed yet: the same account gets a new link; its password and metadata stay as first given.
    const signedUp = existing ?? (await createEmailUser(tx, deps, { email, password, emailConfirmed: false, userMetadata: data }, 'user_already_exists'));
    const confirmation = await prepareConfirmation(tx, deps, signedUp, input.redirectTo);
    return { user: await userJson(tx, await requireUserById(tx, signedUp.id)), mail: confirmation };
  });
  if (mail) await mailbox.add(mail);
  return user;
}
