// The app origin that Stripe sends people back to. SITE_URL is authoritative; the request's Origin is
// used only when it is SITE_URL itself or a loopback address (local development on another port), so
// nobody can make a checkout redirect to a site of their choosing.
import { getEnv } from './env.ts';

const defaultSiteUrl = 'http://localhost:5173';
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function siteUrl(req: Request): string {
  const configured = originOf(getEnv('SITE_URL')) ?? defaultSiteUrl;
  const origin = originOf(req.headers.get('origin'));
  if (origin && (origin === configured || loopbackHosts.has(new URL(origin).hostname))) return origin;
  return configured;
}
