// Whether a session still needs its second factor, read without supabase-js (docs/decisions/mfa-second-factor-step.md).
import { accessTokenAal } from '../lib/access-token-aal.ts';

/** A session as supabase-js keeps it (in storage, and in its auth events): only what assurance needs. */
export interface SessionAssuranceFields {
  access_token?: unknown;
  user?: { factors?: unknown } | null;
}


/**
 * True while a user with a verified factor holds only a password (aal1) session: the app then asks for
 * the second factor and loads none of their data (docs/decisions/mfa-second-factor-step.md). auth-js's
 * getAuthenticatorAssuranceLevel rule (current level from the token, next from the verified factors),
 * read without loading supabase-js so a reload decides before the first render.
 */
export function awaitsSecondFactor(session: SessionAssuranceFields | null | undefined): boolean {
  const factors = Array.isArray(session?.user?.factors) ? (session.user.factors as { status?: unknown }[]) : [];
  return factors.some((factor) => factor?.status === 'verified') && accessTokenAal(session?.access_token) !== 'aal2';
}
