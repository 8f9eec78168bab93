// Which engine (if any) serves the current session. Deliberately tiny and Dexie-free, so the nav's
// status indicator can read it without pulling the database code into the landing route.
import type { SyncEngine } from './engine.ts';

let active: SyncEngine | null = null;
const listeners = new Set<() => void>();

export function getActiveEngine(): SyncEngine | null {
  return active;
}

export function setActiveEngine(engine: SyncEngine | null): void {
  if (engine === active) return;
  active = engine;
  for (const listener of listeners) listener();
}

export function subscribeActiveEngine(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
