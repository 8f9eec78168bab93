// The `aal` claim of an access token, read (not verified) from its payload: the app decides before loading
// supabase-js whether a stored session still needs its second factor, and the Edge Functions refuse an aal1
// token of a user with a verified factor after the Auth server has accepted the token (docs/decisions/mfa-aal2.md).

/** 'aal1', 'aal2', or null when the token is not a JWT or carries no `aal`. */
export function accessTokenAal(accessToken: unknown): string | null {
  if (typeof accessToken !== 'string') return null;
  try {
    const payload = (accessToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}
