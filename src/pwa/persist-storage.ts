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
