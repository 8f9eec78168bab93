// JSON request bodies of /rest/v1 writes and RPC: empty or unusable JSON is PGRST102.
import type { HonoRequest } from 'hono';
import { PgrstError } from './errors.ts';

/**
 * JSON bodies may nest this deep. PostgREST hands the body to Postgres as is; this server parses it and
 * serialises it again, and JSON.stringify runs out of stack a few thousand levels down (a 500). No real
 * payload comes close, so a deeper body is refused as invalid, like any other unusable JSON.
 */
export const maxJsonDepth = 256;

function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth -= 1;
  }
  return false;
}

/** The parsed body; an empty one is `{}` where `allowEmpty` (RPC without arguments), else refused. */
export async function readJsonBody(req: HonoRequest, allowEmpty: boolean): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw PgrstError.invalidBody();
  }
  if (jsonDepthExceeds(text, maxJsonDepth)) throw PgrstError.invalidBody(`The JSON body nests more than ${maxJsonDepth} levels deep`);
  try {
    return JSON.parse(text);
  } catch {
    throw PgrstError.invalidBody();
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
