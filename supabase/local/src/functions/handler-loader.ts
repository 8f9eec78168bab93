// Finds and imports `<projectDir>/functions/<name>/handler.ts`, whose default export is a web-standard handler.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { functionName } from './function-runtime.ts';
import { FunctionBootError } from './runtime-errors.ts';

export type FunctionHandler = (req: Request) => Response | Promise<Response>;

export function handlerPath(projectDir: string, name: string): string | null {
  return functionName.test(name) ? join(projectDir, 'functions', name, 'handler.ts') : null;
}

export async function fileExists(file: string | null): Promise<boolean> {
  if (!file) return false;
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Imports once per process (Node caches modules); restart the stand-in to pick up edits. */
export async function loadHandler(projectDir: string, name: string): Promise<FunctionHandler> {
  const file = handlerPath(projectDir, name);
  if (!file) throw new FunctionBootError(`invalid function name ${name}`);
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw new FunctionBootError(`importing ${file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  if (typeof module.default !== 'function') throw new FunctionBootError(`${file} has no default export (req: Request) => Promise<Response>`);
  return module.default as FunctionHandler;
}
