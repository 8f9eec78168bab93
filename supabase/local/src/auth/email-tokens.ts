// The one-time tokens GoTrue mails: a 6-digit code, stored and linked as sha224(e-mail + code)
// (crypto.GenerateTokenHash), one per kind in its own auth.users column, valid once and for otp_expiry
// seconds from when it was sent. Spending a token confirms the e-mail (the mail reached its owner).
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { AuthError, badRequest } from './auth-error.ts';
import { requireUserById, type UserRow } from './user-store.ts';

/** The kinds of mailed token, with the auth.users columns that hold them (as GoTrue stores them). */
export const emailTokenKinds = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
} as const;

export type EmailTokenKind = keyof typeof emailTokenKinds;

/**
 * GoTrue's e-mail verification types and the token columns each may spend (verify.go): a magic link is kept
 * as a recovery token, an invite as a confirmation token, and type `email` (the 6-digit code of either mail)
 * tries the confirmation token first, then the recovery one.
 */
const verificationTokens = {
  signup: ['signup'],
  invite: ['signup'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['signup', 'recovery'],
} as const satisfies Record<string, readonly EmailTokenKind[]>;

export type VerificationType = keyof typeof verificationTokens;

export function emailTokenHash(email: string, code: string): string {
  return createHash('sha224').update(email + code).digest('hex');
}

export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** GoTrue's verification type, refused clearly when the stand-in does not serve it. */
export function verificationType(type: string | null | undefined): VerificationType {
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (Object.hasOwn(verificationTokens, type)) return type as VerificationType;
  throw badRequest('validation_failed', `Verification type ${type} is not served by the local auth server`);
}

/**
 * GoTrue's max_frequency: a second mail of one kind within that many seconds of the last is refused
 * with 429 over_email_send_rate_limit and the seconds left.
 */
export function assertMailFrequency(sentAt: Date | string | null, maxFrequencySeconds: number): void {
  if (!sentAt) return;
  const waitMs = new Date(sentAt).getTime() + maxFrequencySeconds * 1000 - Date.now();
  if (waitMs > 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
  }
}

/** Stores a new token of this kind for the user (the previous one stops working) and stamps when it was sent. */
export async function storeEmailToken(tx: Queryable, userId: string, kind: EmailTokenKind, tokenHash: string): Promise<void> {
  const { token, sentAt } = emailTokenKinds[kind];
  await tx.query(`update auth.users set ${token} = $2, ${sentAt} = now(), updated_at = now() where id = $1`, [userId, tokenHash]);
}

/**
 * Spends the token of a verification type (the first of its columns that holds it, unexpired) and returns the
 * user with the verification type GoTrue reports (`email` becomes `signup` or `magiclink`); null when none does.
 */
export async function spendVerificationToken(
  tx: Queryable,
  type: VerificationType,
  tokenHash: string,
  otpExpirySeconds: number,
): Promise<{ user: UserRow; type: VerificationType } | null> {
  for (const kind of verificationTokens[type]) {
    const user = await spendEmailToken(tx, kind, tokenHash, otpExpirySeconds);
    if (user) return { user, type: type === 'email' ? (kind === 'signup' ? 'signup' : 'magiclink') : type };
  }
  return null;
}

/** Finds the user holding this unexpired token of this kind, spends it (one use) and confirms the e-mail. */
async function spendEmailToken(tx: Queryable, kind: EmailTokenKind, tokenHash: string, otpExpirySeconds: number): Promise<UserRow | null> {
  const { token, sentAt } = emailTokenKinds[kind];
  const { rows } = await tx.query<{ id: string }>(
    `update auth.users set ${token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
         then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
     where ${token} = $1 and ${token} <> ''
       and ${sentAt} > now() - make_interval(secs => $2)
       and deleted_at is null
     returning id`,
    [tokenHash, otpExpirySeconds],
  );
  const row = rows[0];
  if (!row) return null;
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [row.id],
  );
  return requireUserById(tx, row.id);
}
