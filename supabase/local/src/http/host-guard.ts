import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1' || host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** The keys and JWT secret are development secrets: never expose them beyond this machine by accident. */
export function assertSafeHost(host: string, allowNonLoopback: boolean): void {
  if (isLoopbackHost(host) || allowNonLoopback) return;
  throw new Error(
    `Refusing to listen on ${host}: the stand-in uses development secrets. Use a loopback host (127.0.0.1) or pass --allow-non-loopback if you really mean it.`,
  );
}

/** The host name of a Host header (`127.0.0.1:54321` → `127.0.0.1`, `[::1]:80` → `[::1]`), or null. */
function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(header.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * DNS rebinding: a web page whose own name resolves to 127.0.0.1 reaches the stand-in with its name in
 * the Host header, and reads what it answers (the mailbox's reset links, the pushes). Hosted Supabase
 * answers only for the project's own host name; the stand-in answers only for loopback names, and for
 * any IP address when it listens beyond loopback on purpose (a rebinding page always sends a name).
 */
export function isAllowedRequestHost(header: string | undefined, allowNonLoopback: boolean): boolean {
  const name = hostName(header);
  if (name === null) return false;
  if (isLoopbackHost(name)) return true;
  return allowNonLoopback && isIP(name.replace(/^\[|\]$/g, '')) !== 0;
}

export function hostHeaderGuard(allowNonLoopback: boolean): MiddlewareHandler {
  return async (c, next) => {
    // The URL's host is the Host header's (node-server builds it from there); requests the stand-in makes
    // to itself in-process (the scheduler's) carry no header, only the URL.
    if (!isAllowedRequestHost(c.req.header('host') ?? new URL(c.req.url).host, allowNonLoopback)) {
      return c.json({ message: 'Blocked request: this host name is not allowed. Use localhost or 127.0.0.1.' }, 403);
    }
    await next();
  };
}
