// What every auth route module needs, built once per server.
import type { LocalContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { LocalKeys } from '../keys.ts';
import { authConfig, type AuthConfig } from './auth-config.ts';

export interface AuthDeps {
  db: Database;
  keys: LocalKeys;
  config: AuthConfig;
  apiUrl: string;
}

export function authDeps(ctx: LocalContext): AuthDeps {
  return { db: ctx.db, keys: ctx.keys, config: authConfig(ctx), apiUrl: ctx.apiUrl };
}
