// Preloaded (`deno run --preload`) into each function's Deno process by the stand-in, before the function's
// own index.ts, so that entry runs unchanged. Its `Deno.serve(handler)` is redirected to a free loopback port
// announced on stdout; the request gets back the URL the caller used; a throw becomes the Edge Runtime's
// 500 WORKER_ERROR. Runs on Deno only (no Node imports).
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  port?: number;
  hostname?: string;
  handler?: Handler;
  onListen?: (addr: { port: number }) => void;
}
interface DenoLike {
  serve(options: ServeOptions, handler: Handler): unknown;
}

/** Line the stand-in waits for (followed by the port): the function booted and listens. */
export const listeningMarker = '[supabase-local] listening on';
/** Request header carrying the URL the caller used; removed before the function sees the request. */
export const originalUrlHeader = 'x-supabase-local-url';

function pickHandler(args: unknown[]): Handler {
  const [first, second] = args;
  if (typeof first === 'function') return first as Handler;
  if (typeof second === 'function') return second as Handler;
  const fromOptions = (first as ServeOptions | undefined)?.handler;
  if (typeof fromOptions === 'function') return fromOptions;
  throw new TypeError('Deno.serve needs a handler');
}

function workerError(): Response {
  return Response.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, { status: 500 });
}

function install(deno: DenoLike): void {
  const serve = deno.serve.bind(deno);
  deno.serve = (...args: unknown[]) => {
    const handler = pickHandler(args);
    return serve(
      { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`${listeningMarker} ${port}`) },
      async (req, info) => {
        const original = req.headers.get(originalUrlHeader);
        // Not `new Request(original, req)`: copying req.signal makes Deno warn about its legacy abort behaviour.
        const headers = new Headers(req.headers);
        headers.delete(originalUrlHeader);
        const request = original ? new Request(original, { method: req.method, headers, body: req.body }) : req;
        try {
          const response = await handler(request, info);
          if (response instanceof Response) return response;
          console.error(`function returned ${typeof response}, not a Response`);
        } catch (error) {
          console.error(error);
        }
        return workerError();
      },
    );
  };
  const runtime = globalThis as { EdgeRuntime?: unknown };
  // EdgeRuntime.waitUntil keeps background work alive on hosted; a long-lived process needs nothing more.
  runtime.EdgeRuntime ??= { waitUntil: (work: Promise<unknown>) => void work.catch((error: unknown) => console.error(error)) };
}

const deno = (globalThis as { Deno?: DenoLike }).Deno;
if (deno) install(deno);
