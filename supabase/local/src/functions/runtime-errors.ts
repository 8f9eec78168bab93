// The answers the Edge Runtime gives when a function cannot answer itself, shared by both local runtimes.

export class FunctionBootError extends Error {
  override name = 'FunctionBootError';
}

export const bootError = (): Response =>
  Response.json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, { status: 503 });

export const workerError = (): Response =>
  Response.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, { status: 500 });

/** Wall-clock limit reached: the worker is stopped, as hosted Supabase does. */
export const workerLimit = (): Response =>
  Response.json({ code: 'WORKER_LIMIT', message: 'Function exceeded the wall clock limit' }, { status: 546 });
