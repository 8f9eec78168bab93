// Configuration for server functions, read the same way on hosted Supabase (Deno) and in the local
// stand-in (Node). Read it inside the handler, per request, not at module top level: locally several
// stand-ins may run in one process, each with its own values.

interface DenoEnv {
  env: { get(name: string): string | undefined };
}

/** The stand-in registers this getter: the env of the request being handled (keys of its own data dir). */
const localEnvKey = Symbol.for('supabase-local.function-env');

type LocalEnvGetter = () => Readonly<Record<string, string>> | undefined;

export function getEnv(name: string): string | undefined {
  const runtime = globalThis as { Deno?: DenoEnv; [localEnvKey]?: LocalEnvGetter };
  if (runtime.Deno) return runtime.Deno.env.get(name) || undefined;
  const requestEnv = runtime[localEnvKey]?.();
  if (requestEnv) return requestEnv[name] || undefined;
  return (typeof process === 'undefined' ? undefined : process.env[name]) || undefined;
}

/** Like getEnv, but a missing value is a deployment mistake, reported by name. */
export function requireEnv(name: string): string {
  const value = getEnv(name);
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
}
