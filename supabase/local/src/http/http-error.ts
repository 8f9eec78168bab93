/**
 * An error that already knows its HTTP answer. `reason` lets each area re-shape the body
 * into its own wire format (GoTrue `{code,msg}`, Storage `{statusCode,error,message}`, …).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, reason: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.message === 'string' ? body.message : reason);
    this.name = 'HttpError';
    this.status = status;
    this.reason = reason;
    this.body = body;
    this.headers = headers;
  }
}
