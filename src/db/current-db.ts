import type { AppDb } from './db.ts';

// The database of the current session. Set by the session bootstrap (sign-in, sign-out) and read by
// the live-query hooks, so features need no provider and never open a database themselves.
let current: AppDb | null = null;
const listeners = new Set<() => void>();

export function getCurrentDb(): AppDb | null {
  return current;
}

export function setCurrentDb(db: AppDb | null): void {
  if (db === current) return;
  current = db;
  for (const listener of listeners) listener();
}

export function subscribeCurrentDb(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
