// Hosted entry (Supabase Edge Runtime, Deno); the stand-in imports handler.ts directly.
import handler from './handler.ts';

declare const Deno: { serve(handler: (req: Request) => Response | Promise<Response>): unknown };
Deno.serve(handler);
