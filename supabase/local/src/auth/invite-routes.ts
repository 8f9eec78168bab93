// GoTrue's admin mail links (invite.go, mail.go adminGenerateLink), service role only:
// - POST /invite {email, data}: creates the user (no password; user_metadata = data) or re-invites one not yet
//   confirmed, stamps invited_at and mails the invite link (GET /verify?type=invite) with its 6-digit code.
// - POST /admin/generate_link {type, email, …}: makes the link of a signup, invite, magiclink, recovery or
//   email_change_current/new mail without sending it and answers the user with action_link, email_otp,
//   hashed_token, verification_type and redirect_to (GoTrue's GenerateLinkResponse).
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest, notFound, unprocessable } from './auth-error.ts';
import { createEmailUser } from './accounts.ts';
import { inviteMail } from './auth-mails.ts';
import { normaliseEmail } from './email-address.ts';
import { emailTokenHash, newEmailCode } from './email-tokens.ts';
import { verifyLink } from './mail-links.ts';
import { allowedRedirect } from './oauth-flow.ts';
import { optionalMetadata, optionalString, readBody } from './request-body.ts';
import { requireServiceRole } from './request-auth.ts';
import { findUserByEmail, mergeMetadata, requireUserById, updateUser, userJson, type Metadata, type UserRow } from './user-store.ts';

const inviteBody = v.object({ email: optionalString, data: optionalMetadata });
const generateLinkBody = v.object({
  type: optionalString,
  email: optionalString,
  new_email: optionalString,
  password: optionalString,
  data: optionalMetadata,
  redirect_to: optionalString,
});
type GenerateLinkBody = v.InferOutput<typeof generateLinkBody>;

const duplicateEmail = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** GoTrue's validateEmail: required, then the format check (lower-cased). */
function validEmail(raw: string | null | undefined): string {
  if (!raw) throw badRequest('validation_failed', 'An email address is required');
  return normaliseEmail(raw);
}

/** Stores the invite's confirmation token and stamps invited_at. */
async function stampInvite(tx: Queryable, userId: string, tokenHash: string): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now() where id = $1`,
    [userId, tokenHash],
  );
}

/** An invited or admin-signed-up user: the address, the metadata as given, nothing confirmed. */
function createAdminUser(tx: Queryable, deps: AuthDeps, email: string, data: Metadata, password: string | null): Promise<UserRow> {
  return createEmailUser(tx, deps, { email, password, emailConfirmed: false, userMetadata: data, metadataAsGiven: true }, 'email_exists');
}

/** The token columns one generate_link type fills, inside `tx`; returns the user and the link's token. */
async function storeLinkToken(tx: Queryable, deps: AuthDeps, body: GenerateLinkBody, type: string, found: UserRow | null, email: string, code: string) {
  const tokenHash = emailTokenHash(email, code);
  if (type === 'magiclink' || type === 'recovery') {
    const user = found as UserRow;
    await tx.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [user.id, tokenHash]);
    return { userId: user.id, linkToken: tokenHash };
  }
  if (type === 'invite' || type === 'signup') {
    if (found?.email_confirmed_at) throw duplicateEmail();
    let user = found;
    if (!user) user = await createAdminUser(tx, deps, email, body.data ?? {}, type === 'signup' ? (body.password ?? '') : null);
    else if (type === 'signup' && body.data) await updateUser(tx, user.id, { userMetadata: mergeMetadata(user.raw_user_meta_data, body.data) });
    if (type === 'invite') await stampInvite(tx, user.id, tokenHash);
    else await tx.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`, [user.id, tokenHash]);
    return { userId: user.id, linkToken: tokenHash };
  }
  // email_change_current / email_change_new
  const user = found as UserRow;
  if (!deps.config.secureEmailChange && type === 'email_change_current') {
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  }
  const newEmail = validEmail(body.new_email);
  const owner = await findUserByEmail(tx, newEmail);
  if (owner && owner.id !== user.id) throw duplicateEmail();
  const current = type === 'email_change_current' ? tokenHash : '';
  const next = type === 'email_change_new' ? emailTokenHash(newEmail, code) : '';
  await tx.query(
    `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
       email_change_token_current = $3, email_change_token_new = $4, updated_at = now() where id = $1`,
    [user.id, newEmail, current, next],
  );
  return { userId: user.id, linkToken: current || next };
}

const linkTypes = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

export function inviteRoutes(deps: AuthDeps): Hono {
  const { db, keys, config } = deps;
  const app = new Hono();

  app.post('/invite', async (c) => {
    await requireServiceRole(keys, c);
    const body = await readBody(c, inviteBody);
    const email = validEmail(body.email);
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to'));
    const { user, code, tokenHash } = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) throw duplicateEmail();
      const invited = existing ?? (await createAdminUser(tx, deps, email, body.data ?? {}, null));
      deps.rateLimits.emailSent();
      const newCode = newEmailCode();
      const hash = emailTokenHash(email, newCode);
      await stampInvite(tx, invited.id, hash);
      return { user: await requireUserById(tx, invited.id), code: newCode, tokenHash: hash };
    });
    await deps.mailbox.add(inviteMail(deps, email, verifyLink(deps, tokenHash, 'invite', redirectTo), code));
    return c.json(await userJson(db, user));
  });

  app.post('/admin/generate_link', async (c) => {
    await requireServiceRole(keys, c);
    const body = await readBody(c, generateLinkBody);
    const email = validEmail(body.email);
    // GoTrue: the body's redirect_to, else the query's (supabase-js sends it there), else the site URL.
    const redirectTo = allowedRedirect(config.siteUrl, body.redirect_to || c.req.query('redirect_to'));
    let type = body.type ?? '';
    if (!linkTypes.includes(type)) throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
    const code = newEmailCode();
    const result = await db.transaction(async (tx) => {
      const found = await findUserByEmail(tx, email);
      if (!found && type === 'magiclink') {
        // GoTrue signs an unknown address up instead, with a password no one knows.
        type = 'signup';
        body.password = randomBytes(33).toString('base64url');
      }
      if (!found && type !== 'signup' && type !== 'invite') throw notFound('user_not_found', 'User with this email not found');
      if (!found && type === 'signup' && !body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
      const stored = await storeLinkToken(tx, deps, body, type, found, email, code);
      return { ...stored, user: await requireUserById(tx, stored.userId) };
    });
    const linkType = type.startsWith('email_change') ? 'email_change' : (type as 'signup');
    return c.json({
      ...(await userJson(db, result.user)),
      action_link: verifyLink(deps, result.linkToken, linkType, redirectTo),
      email_otp: code,
      hashed_token: emailTokenHash(email, code),
      verification_type: type,
      redirect_to: redirectTo,
    });
  });

  return app;
}
