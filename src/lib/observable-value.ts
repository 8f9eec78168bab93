/**
 * One module-held value and the listeners told when it changes: the shape useSyncExternalStore
 * reads (get, subscribe). Setting the value it already holds notifies no one.
 */
export function observableValue<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): T => value,
    set(next: T): void {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
