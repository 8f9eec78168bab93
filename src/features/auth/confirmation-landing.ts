// Where a sign-up confirmation link lands: /auth?confirm=signup, keeping the `redirect` sign-up had, so
// the new user carries on where they left off (docs/decisions/email-confirmation.md).
import { safeRedirectPath } from '../../domain/sign-in-routing.ts';

const confirmParam = 'confirm';

/** The absolute URL the auth server's confirmation link redirects to, signed in. */
export function confirmationLandingUrl(origin: string, redirect: string | null): string {
  const query = new URLSearchParams({ [confirmParam]: 'signup' });
  const path = safeRedirectPath(redirect);
  if (path) query.set('redirect', path);
  return `${origin}/auth?${query.toString()}`;
}

export function isConfirmationLanding(search: URLSearchParams): boolean {
  return search.get(confirmParam) === 'signup';
}
