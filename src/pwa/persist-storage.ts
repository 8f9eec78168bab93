/**
 * Asks the browser not to evict this origin's storage (queued messages, the offline mirror).
 * Called after sign-in; browsers may grant it silently (installed app, engagement) or refuse.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  if (await storage.persisted()) return true;
  return storage.persist();
}

/** Used and available bytes (for a settings screen); null when the browser does not say. */
export async function estimateStorage(): Promise<{ usage: number; quota: number } | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usage, quota };
}
