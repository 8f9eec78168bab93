// JSON responses and the request boilerplate every function shares: CORS preflight, POST only, a JSON
// body validated with valibot, and errors as 4xx `{ error, code }` instead of a crash.
import * as v from 'valibot';
import { corsHeaders, preflightResponse } from './cors.ts';

/** Client-visible failure: `error` is the text a toast may show, `code` is for the client's logic. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: corsHeaders });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: message, code }, status);
}

const unexpectedError = 'An unexpected error occurred.';

/** Parses the JSON body against a schema; a bad body is a 400 naming the offending fields. */
export async function readJsonBody<TSchema extends v.GenericSchema>(req: Request, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be JSON.');
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const detail = parsed.issues
      .map((issue) => {
        const path = v.getDotPath(issue);
        return path ? `${path}: ${issue.message}` : issue.message;
      })
      .join('; ');
    throw new HttpError(400, 'invalid_request', `Invalid request: ${detail}`);
  }
  return parsed.output;
}

/**
 * Wraps a POST handler: answers the preflight, refuses other methods, turns HttpError into its JSON
 * response and anything else into a logged 500 with a generic message (no internals leak).
 */
export function postHandler(name: string, handle: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflightResponse();
    if (req.method !== 'POST') {
      return new Response(JSON.stringify({ error: 'Method not allowed', code: 'method_not_allowed' }), {
        status: 405,
        headers: { ...corsHeaders, 'content-type': 'application/json', allow: 'POST, OPTIONS' },
      });
    }
    try {
      return await handle(req);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message);
      console.error(`[${name}] failed`, error);
      return errorResponse(500, 'internal_error', unexpectedError);
    }
  };
}

/** Body field: a booking id (uuid). */
export const bookingIdSchema = v.pipe(v.string('must be a string'), v.trim(), v.uuid('must be a UUID'));
