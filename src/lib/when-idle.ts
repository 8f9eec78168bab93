/**
 * Resolves when the main thread is next idle (at most `timeoutMs` later): work that is not part of the
 * first screen (toasts, the update prompt, the auth client of a session already known) waits for it, so
 * it does not compete with the screen for a slow phone's CPU. setTimeout where requestIdleCallback is missing.
 */
export function whenIdle(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
