// The environment of the function request being handled, for `getEnv` in supabase/functions/_shared/env.ts.
// Kept per request (AsyncLocalStorage) rather than in process.env, because tests run several stand-ins,
// each with its own keys, in one process.
import { AsyncLocalStorage } from 'node:async_hooks';

type Env = Readonly<Record<string, string>>;

const storage = new AsyncLocalStorage<Env>();
const localEnvKey = Symbol.for('supabase-local.function-env');

(globalThis as { [localEnvKey]?: () => Env | undefined })[localEnvKey] = () => storage.getStore();

export function runWithEnv<T>(env: Env, fn: () => T): T {
  return storage.run(env, fn);
}
