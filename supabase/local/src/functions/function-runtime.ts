// What serves `/functions/v1/<name>` once the gateway let the request through: Deno (as hosted Supabase)
// when a deno binary is found, else the in-process Node fallback. See docs/decisions/functions-on-deno.md.
export type FunctionRuntimeKind = 'deno' | 'node';

export interface FunctionRuntime {
  readonly kind: FunctionRuntimeKind;
  /** a servable function folder of that name exists */
  exists(name: string): Promise<boolean>;
  /** the function's response, or the Edge Runtime's BOOT_ERROR / WORKER_ERROR / WORKER_LIMIT answer */
  invoke(name: string, request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** Like the CLI: function folders are slugs; `_shared` and dot-folders are not functions. */
export const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
