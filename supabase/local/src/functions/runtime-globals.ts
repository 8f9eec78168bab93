// Globals Deno gives functions that Node 20 lacks. supabase-js's createClient() throws on Node 20
// without a global WebSocket, so a function doing `createClient(url, key)` (fine on Deno) needs one here.
import WebSocket from 'ws';

export function installRuntimeGlobals(): void {
  const runtime = globalThis as { WebSocket?: unknown };
  if (typeof runtime.WebSocket === 'undefined') runtime.WebSocket = WebSocket;
}
