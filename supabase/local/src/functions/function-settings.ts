// Per-function settings from `<projectDir>/config.toml` (`[functions.<name>] verify_jwt, enabled, import_map`),
// as the CLI reads them.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';

export interface FunctionSettings {
  /** the gateway checks the bearer JWT before the function runs (CLI default: true) */
  verifyJwt: boolean;
  enabled: boolean;
  /**
   * The deno.json / import map Deno resolves the function with: `import_map` (relative to config.toml), else
   * the function's own deno.json, deno.jsonc or import_map.json, else functions/import_map.json (CLI order).
   */
  importMap: string | undefined;
}

type FunctionsTable = Record<string, { verify_jwt?: unknown; enabled?: unknown; import_map?: unknown } | undefined>;

function importMapOf(projectDir: string, name: string, configured: unknown): string | undefined {
  if (typeof configured === 'string' && configured !== '') return resolve(projectDir, configured);
  const functionDir = join(projectDir, 'functions', name);
  const candidates = ['deno.json', 'deno.jsonc', 'import_map.json'].map((file) => join(functionDir, file));
  return [...candidates, join(projectDir, 'functions', 'import_map.json')].find((file) => existsSync(file));
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Reads config.toml again only when it changed, so edits apply without a restart. */
export function functionSettingsReader(projectDir: string): (name: string) => FunctionSettings {
  const file = join(projectDir, 'config.toml');
  let cached: { mtimeMs: number; table: FunctionsTable } | undefined;

  const table = (): FunctionsTable => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const parsed = parse(readFileSync(file, 'utf8'));
      cached = { mtimeMs, table: (asRecord(parsed.functions) ?? {}) as FunctionsTable };
    }
    return cached.table;
  };

  return (name) => {
    const entry = table()[name];
    return {
      verifyJwt: entry?.verify_jwt !== false,
      enabled: entry?.enabled !== false,
      importMap: importMapOf(projectDir, name, entry?.import_map),
    };
  };
}
