// Whether a session still needs its second factor, read without supabase-js (docs/decisions/mfa-aal2.md).

/** A session as supabase-js keeps it (in storage, and in its auth events): only what assurance needs. */
export interface SessionAssuranceFields {
  access_token?: unknown;
  user?: { factors?: unknown } | null;
}

function tokenAal(accessToken: unknown): string | null {
  if (typeof accessToken !== 'string') return null;
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * True while a user with a verified factor holds only a password (aal1) session: the app then asks for
 * the second factor and loads none of their data (docs/decisions/mfa-aal2.md). auth-js's
 * getAuthenticatorAssuranceLevel rule (current level from the token, next from the verified factors),
 * read without loading supabase-js so a reload decides before the first render.
 */
export function awaitsSecondFactor(session: SessionAssuranceFields | null | undefined): boolean {
  const factors = Array.isArray(session?.user?.factors) ? (session.user.factors as { status?: unknown }[]) : [];
  return factors.some((factor) => factor?.status === 'verified') && tokenAal(session?.access_token) !== 'aal2';
}
