import type { Manifest } from 'vite';

/**
 * Chunks of a Vite build manifest and everything they import statically: what the browser must load
 * before they run. Used by the prerender plugin (a route's links) and `npm run size` (a route's JS).
 * In iteration order each chunk comes after the chunks it imports, as Vite links their stylesheets: a
 * route's own rules then come after those of the components it imports, and override them.
 */
export function staticClosure(manifest: Manifest, keys: readonly string[], visited = new Set<string>(), closure = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (visited.has(key) || !manifest[key]) continue;
    visited.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], visited, closure);
    closure.add(key);
  }
  return closure;
}
