// Environment handed to edge functions: process env, then the Supabase-provided variables, then
// <projectDir>/functions/.env and <projectDir>/.env.local (later files win), like `supabase functions serve`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { LocalKeys } from './keys.ts';

async function readEnvFile(path: string): Promise<Record<string, string>> {
  try {
    const parsed = parseEnv(await readFile(path, 'utf8'));
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** `dbUrl`: the native Postgres the stand-in uses, given to functions as SUPABASE_DB_URL (PGlite has none). */
export async function loadFunctionEnv(projectDir: string, apiUrl: string, keys: LocalKeys, dbUrl?: string): Promise<Record<string, string>> {
  const base = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    ...base,
    SUPABASE_URL: apiUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
    SUPABASE_SECRET_KEY: keys.secretKey,
    SUPABASE_JWT_SECRET: keys.jwtSecret,
    ...(dbUrl && { SUPABASE_DB_URL: dbUrl }),
    ...(await readEnvFile(join(projectDir, 'functions', '.env'))),
    ...(await readEnvFile(join(projectDir, '.env.local'))),
  };
}
