// GoTrue's admin user API (service role only): create, list, get, update, delete users.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AuthDeps } from './auth-deps.ts';
import { badRequest, notFound, unprocessable } from './auth-error.ts';
import { createEmailUser } from './accounts.ts';
import { adminFactorRoutes } from './admin-factor-routes.ts';
import { normaliseEmail } from './email-address.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { optionalMetadata, optionalString, readBody } from './request-body.ts';
import { requireServiceRole } from './request-auth.ts';
import { findUserByEmail, findUserById, mergeMetadata, updateUser, userJson, type UserChanges, type UserRow } from './user-store.ts';

const optionalBoolean = v.optional(v.nullable(v.boolean()));
const createBody = v.object({
  id: v.optional(v.nullable(v.pipe(v.string(), v.uuid()))),
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  email_confirm: optionalBoolean,
  phone_confirm: optionalBoolean,
  user_metadata: optionalMetadata,
  app_metadata: optionalMetadata,
  role: optionalString,
  ban_duration: optionalString,
});
const updateBody = v.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  email_confirm: optionalBoolean,
  user_metadata: optionalMetadata,
  app_metadata: optionalMetadata,
  role: optionalString,
  ban_duration: optionalString,
});
const deleteBody = v.object({ should_soft_delete: optionalBoolean });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const durationUnits: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** ban_duration: "none" lifts a ban; otherwise a Go duration such as "24h" or "1h30m". */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) {
    throw badRequest('validation_failed', 'invalid format for ban duration');
  }
  const millis = parts.reduce((sum, part) => sum + Number(part[1]) * (durationUnits[part[2] ?? 's'] ?? 1000), 0);
  return new Date(Date.now() + millis);
}

/** GoTrue's paginate(): a page or per_page that is not an unsigned integer is a 400. */
function paginationParameter(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
  }
  return Number(raw);
}

export function adminRoutes(deps: AuthDeps): Hono {
  const { db, keys, config } = deps;
  const app = new Hono();

  app.use('*', async (c, next) => {
    await requireServiceRole(keys, c);
    await next();
  });
  app.route('/', adminFactorRoutes(deps));

  const requireUser = async (id: string): Promise<UserRow> => {
    const user = uuidPattern.test(id) ? await findUserById(db, id) : null;
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  };

  app.post('/users', async (c) => {
    const body = await readBody(c, createBody);
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    if (!body.email) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    const email = body.email;
    const bannedUntil = body.ban_duration ? banUntil(body.ban_duration) : undefined;
    const user = await db.transaction(async (tx) => {
      const created = await createEmailUser(
        tx,
        deps,
        {
          id: body.id ?? undefined,
          email,
          password: body.password,
          emailConfirmed: body.email_confirm ?? false,
          userMetadata: body.user_metadata ?? {},
          appMetadata: body.app_metadata ?? {},
          role: body.role ?? undefined,
          metadataAsGiven: true,
        },
        'email_exists',
      );
      return bannedUntil === undefined ? created : updateUser(tx, created.id, { bannedUntil });
    });
    return c.json(await userJson(db, user));
  });

  app.get('/users', async (c) => {
    const page = Math.max(1, paginationParameter(c.req.query('page'), 1));
    const perPage = Math.min(1000, Math.max(1, paginationParameter(c.req.query('per_page'), 50)));
    const { rows: countRows } = await db.query<{ total: number }>(`select count(*)::int as total from auth.users`);
    const total = countRows[0]?.total ?? 0;
    const { rows: ids } = await db.query<{ id: string }>(
      `select id from auth.users order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const users = [];
    for (const { id } of ids) {
      const user = await findUserById(db, id);
      if (user) users.push(await userJson(db, user));
    }
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  app.get('/users/:userId', async (c) => c.json(await userJson(db, await requireUser(c.req.param('userId')))));

  app.put('/users/:userId', async (c) => {
    const body = await readBody(c, updateBody);
    const user = await requireUser(c.req.param('userId'));
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    const updated = await db.transaction(async (tx) => {
      const changes: UserChanges = {};
      if (body.email != null) {
        const email = normaliseEmail(body.email);
        const owner = await findUserByEmail(tx, email);
        if (owner && owner.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        changes.email = email;
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
           where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      if (body.password != null) {
        assertStrongPassword(config, body.password);
        changes.passwordHash = await hashPassword(config, body.password);
      }
      if (body.email_confirm != null) changes.emailConfirmed = body.email_confirm;
      if (body.user_metadata) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
      if (body.app_metadata) changes.appMetadata = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
      if (body.role) changes.role = body.role;
      if (body.ban_duration) changes.bannedUntil = banUntil(body.ban_duration);
      const row = await updateUser(tx, user.id, changes);
      // A ban ends the user's sessions, as in GoTrue.
      if (changes.bannedUntil) await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
      return row;
    });
    return c.json(await userJson(db, updated));
  });

  app.delete('/users/:userId', async (c) => {
    const body = await readBody(c, deleteBody);
    const user = await requireUser(c.req.param('userId'));
    await db.transaction(async (tx) => {
      if (body.should_soft_delete) {
        // GoTrue's soft delete: keep the row (and what references it), scrub identifying data, end sessions.
        await tx.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
             raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [user.id],
        );
        await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
        await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
        await tx.query(`delete from auth.mfa_factors where user_id = $1`, [user.id]);
      } else {
        await tx.query(`delete from auth.users where id = $1`, [user.id]);
      }
    });
    return c.json({});
  });

  return app;
}
