// GoTrue's error answer: `{code, message}` for clients that send X-Supabase-Api-Version ≥ 2024-01-01
// (supabase-js always does), the legacy `{code: <status>, error_code, msg}` otherwise.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const apiVersionHeader = 'X-Supabase-Api-Version';
const firstVersionWithCodes = Date.parse('2024-01-01T00:00:00Z');
const apiVersionPattern = /^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

export class AuthError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** extra top-level body fields, e.g. `weak_password: {reasons}` */
  readonly extra: Record<string, unknown>;

  constructor(status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (code: string, message: string): AuthError => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string): AuthError => new AuthError(422, code, message);
export const forbidden = (code: string, message: string): AuthError => new AuthError(403, code, message);
export const notFound = (code: string, message: string): AuthError => new AuthError(404, code, message);

/** The API version the request asked for, when it is a well-formed date GoTrue would accept. */
export function requestedApiVersion(c: Context): string | null {
  const value = c.req.header(apiVersionHeader);
  return value && apiVersionPattern.test(value) ? value : null;
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  const version = requestedApiVersion(c);
  const modern = version !== null && Date.parse(`${version}T00:00:00Z`) >= firstVersionWithCodes;
  const body = modern
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  c.header('x-sb-error-code', error.code);
  return c.json(body, error.status);
}
