// Per-function settings from `<projectDir>/config.toml` (`[functions.<name>] verify_jwt, enabled`), as the CLI reads them.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface FunctionSettings {
  /** the gateway checks the bearer JWT before the function runs (CLI default: true) */
  verifyJwt: boolean;
  enabled: boolean;
}

type FunctionsTable = Record<string, { verify_jwt?: unknown; enabled?: unknown } | undefined>;

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
    };
  };
}
