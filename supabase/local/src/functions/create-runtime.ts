// Chooses the functions runtime: Deno when a deno binary is found (as hosted Supabase), the in-process
// Node fallback otherwise or when asked (`SUPABASE_LOCAL_FUNCTIONS_RUNTIME=node`).
import type { LocalContext } from '../context.ts';
import { findDeno } from './deno-binary.ts';
import { denoRuntime } from './deno-runtime.ts';
import { functionEnv } from './function-env.ts';
import type { FunctionRuntime, FunctionRuntimeKind } from './function-runtime.ts';
import type { FunctionSettings } from './function-settings.ts';
import { nodeRuntime } from './node-runtime.ts';

export const functionsRuntimeEnv = 'SUPABASE_LOCAL_FUNCTIONS_RUNTIME';
export const functionTimeoutEnv = 'SUPABASE_LOCAL_FUNCTION_TIMEOUT_MS';

/** `deno` fails loudly when no binary is found; `auto` (default) falls back to Node. */
export type FunctionsRuntimeChoice = FunctionRuntimeKind | 'auto';

export function createFunctionRuntime(ctx: LocalContext, settingsOf: (name: string) => FunctionSettings, choice: FunctionsRuntimeChoice = 'auto'): FunctionRuntime {
  const env = Object.freeze(functionEnv(ctx));
  const deno = choice === 'node' ? null : findDeno();
  if (!deno) {
    if (choice === 'deno') throw new Error('functions runtime deno requested, but no deno binary was found (npm install, or set DENO_BIN)');
    return nodeRuntime(ctx.projectDir, env);
  }
  const timeout = Number(process.env[functionTimeoutEnv]);
  return denoRuntime({
    deno,
    projectDir: ctx.projectDir,
    env,
    importMapOf: (name) => settingsOf(name).importMap,
    ...(Number.isFinite(timeout) && timeout > 0 && { requestTimeoutMs: timeout }),
  });
}

export function functionsRuntimeChoiceFromEnv(value: string | undefined): FunctionsRuntimeChoice {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'deno' || value === 'node') return value;
  throw new Error(`${functionsRuntimeEnv} must be deno, node or auto, not ${value}`);
}
