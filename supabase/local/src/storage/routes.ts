// The Storage API (storage-api v1.x wire format) mounted at /storage/v1.
import { join } from 'node:path';
import { Hono } from 'hono';
import type { LocalContext } from '../context.ts';
import { registerSeedHook } from '../db/seed-hooks.ts';
import { mountBucketRoutes } from './bucket-routes.ts';
import { mountObjectRoutes } from './object-routes.ts';
import { mountRenderRoutes } from './render-routes.ts';
import { storageErrorResponse, storageErrors } from './storage-error.ts';
import { seedStorageFromFolder } from './seed-storage.ts';
import { StorageService } from './storage-service.ts';

// Demo files in <projectDir>/seed/storage/<bucket>/<path> are loaded on a new database and on reset.
registerSeedHook('storage-files', async (ctx) => {
  await seedStorageFromFolder(ctx, join(ctx.projectDir, 'seed', 'storage'));
});

/**
 * Sent with every storage answer, object bytes above all: the browser must not sniff a stored file
 * into a type it would run (nosniff), and a file opened as a page runs nothing, loads nothing and gets
 * an opaque origin (sandbox), so an uploaded SVG or HTML document cannot script the API's origin.
 * Images embedded with <img> are unaffected: a response's CSP applies only when it is the document.
 */
export const objectSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;

export function storageRoutes(ctx: LocalContext): Hono {
  const service = new StorageService(ctx);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(objectSecurityHeaders)) c.res.headers.set(name, value);
  });
  app.onError((error, c) => storageErrorResponse(c, error));
  mountBucketRoutes(app, service);
  mountObjectRoutes(app, service);
  mountRenderRoutes(app, service);
  app.notFound((c) => storageErrorResponse(c, storageErrors.invalidRequest(`Route ${c.req.method}:${new URL(c.req.url).pathname} not found`)));
  return app;
}
