// What every auth route module needs, built once per server.
import type { LocalContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { LocalKeys } from '../keys.ts';
import { MailboxStore } from '../mailbox/mailbox-store.ts';
import { authConfig, type AuthConfig } from './auth-config.ts';
import { authRateLimiter, type AuthRateLimiter } from './rate-limits.ts';

export interface AuthDeps {
  db: Database;
  keys: LocalKeys;
  config: AuthConfig;
  apiUrl: string;
  /** GoTrue's per-IP request limits from the project's `[auth.rate_limit]` (or none when turned off) */
  rateLimits: AuthRateLimiter;
  /** where auth mails (password recovery) are delivered: the stand-in's mailbox */
  mailbox: MailboxStore;
}

export function authDeps(ctx: LocalContext): AuthDeps {
  return {
    db: ctx.db,
    keys: ctx.keys,
    config: authConfig(ctx),
    apiUrl: ctx.apiUrl,
    rateLimits: authRateLimiter(ctx.projectDir, ctx.authRateLimits),
    mailbox: new MailboxStore(ctx.db),
  };
}
