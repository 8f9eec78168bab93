// The fallback runtime: `<name>/handler.ts` imported into the stand-in's own Node process, with the
// function's environment in scope per request (request-env.ts). Used when no deno binary is found.
import type { FunctionRuntime } from './function-runtime.ts';
import { fileExists, handlerPath, loadHandler } from './handler-loader.ts';
import { runWithEnv } from './request-env.ts';
import { FunctionBootError, bootError, workerError } from './runtime-errors.ts';
import { installRuntimeGlobals } from './runtime-globals.ts';

export function nodeRuntime(projectDir: string, env: Readonly<Record<string, string>>): FunctionRuntime {
  installRuntimeGlobals();
  return {
    kind: 'node',
    exists: (name) => fileExists(handlerPath(projectDir, name)),
    async invoke(name, request) {
      try {
        const response = await runWithEnv(env, async () => (await loadHandler(projectDir, name))(request));
        if (!(response instanceof Response)) throw new Error(`function ${name} returned ${typeof response}, not a Response`);
        return response;
      } catch (error) {
        if (error instanceof FunctionBootError) {
          console.error(`[functions] ${name} failed to boot: ${error.message}`);
          return bootError();
        }
        // A throw is the function's bug, not bad input: log it and answer like the edge runtime.
        console.error(`[functions] ${name} threw`, error);
        return workerError();
      }
    },
    close: async () => {},
  };
}
