import type { Hono } from 'hono';
import { HttpError } from './http-error.ts';

/** Last-resort handlers: HttpError keeps its status/body; anything else is a logged 500 JSON. */
export function installErrorHandlers(app: Hono): void {
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status as 400);
    }
    console.error('[supabase-local] unhandled error', error);
    return c.json({ message: 'An unexpected error occurred', error: error.message }, 500);
  });
}
