// Reads and validates a JSON (or form) body; malformed input becomes GoTrue's 400, never a 500.
import type { Context } from 'hono';
import * as v from 'valibot';
import { badRequest } from './auth-error.ts';

export async function readBody<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
    }
  }
  return parseInput(schema, raw);
}

/** Form posts from the local identity provider page. */
export async function readForm<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  let form: Record<string, unknown>;
  try {
    form = Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    throw badRequest('validation_failed', 'Could not read form body');
  }
  return parseInput(schema, form);
}

export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, raw: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, raw);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.');
  throw badRequest('validation_failed', path ? `Invalid ${path}: ${issue.message}` : `Invalid request body: ${issue.message}`);
}

/** Optional string that also accepts JSON null (supabase-js sends `code_challenge: null`). */
export const optionalString = v.optional(v.nullable(v.string()));
export const optionalMetadata = v.optional(v.nullable(v.record(v.string(), v.unknown())));
