import type { Manifest } from 'vite';

/**
 * Chunks of a Vite build manifest and everything they import statically: what the browser must load
 * before they run. Used by the prerender plugin (a route's links) and `npm run size` (a route's JS).
 */
export function staticClosure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}
