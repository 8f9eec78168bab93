// The `[api]` section of a project's config.toml that shapes PostgREST: which schemas are exposed
// (the first is the default) and what follows the request's schema on the search_path.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface ApiConfig {
  schemas: string[];
  extraSearchPath: string[];
}

/** The Supabase CLI's defaults when config.toml says nothing. */
export const defaultApiConfig: ApiConfig = { schemas: ['public', 'graphql_public'], extraSearchPath: ['public', 'extensions'] };

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

export async function loadApiConfig(projectDir: string): Promise<ApiConfig> {
  let text: string;
  try {
    text = await readFile(join(projectDir, 'config.toml'), 'utf8');
  } catch {
    return defaultApiConfig;
  }
  const api = (parse(text) as { api?: Record<string, unknown> }).api ?? {};
  const schemas = stringList(api.schemas);
  const extra = stringList(api.extra_search_path);
  return {
    schemas: schemas && schemas.length > 0 ? schemas : defaultApiConfig.schemas,
    extraSearchPath: extra ?? defaultApiConfig.extraSearchPath,
  };
}
