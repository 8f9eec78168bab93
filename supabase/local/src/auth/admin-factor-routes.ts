// GoTrue's admin MFA factor API (admin.go): GET /admin/users/{id}/factors lists a user's factors, DELETE
// /admin/users/{id}/factors/{factor_id} removes one of that user's factors and drops the user's aal2 sessions to
// aal1. Mounted under the admin router, so the service role is already required.
import { Hono } from 'hono';
import type { AuthDeps } from './auth-deps.ts';
import { notFound } from './auth-error.ts';
import { factorColumns, factorJson, findUserById, listFactors, type FactorRow, type UserRow } from './user-store.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function adminFactorRoutes(deps: AuthDeps): Hono {
  const { db } = deps;
  const app = new Hono();

  const loadUser = async (id: string): Promise<UserRow> => {
    if (!uuidPattern.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
    const user = await findUserById(db, id);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  };

  app.get('/users/:userId/factors', async (c) => {
    const user = await loadUser(c.req.param('userId'));
    return c.json((await listFactors(db, user.id)).map(factorJson));
  });

  app.delete('/users/:userId/factors/:factorId', async (c) => {
    const user = await loadUser(c.req.param('userId'));
    const factorId = c.req.param('factorId');
    if (!uuidPattern.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const deleted = await db.transaction(async (tx) => {
      // Only a factor of this user: another user's factor id is "not found" here.
      const { rows } = await tx.query<FactorRow>(`delete from auth.mfa_factors where id = $1 and user_id = $2 returning ${factorColumns}`, [factorId, user.id]);
      const factor = rows[0];
      if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
      await tx.query(
        `delete from auth.mfa_amr_claims where authentication_method = $2
           and session_id in (select id from auth.sessions where user_id = $1 and factor_id = $3)`,
        [user.id, factor.factor_type, factorId],
      );
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [user.id, factorId]);
      return factor;
    });
    return c.json(factorJson(deleted));
  });

  return app;
}
