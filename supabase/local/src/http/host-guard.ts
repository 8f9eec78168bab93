import { isIP } from 'node:net';

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
