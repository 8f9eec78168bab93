// Runs async critical sections one after another: every change to the double's state is a
// read-modify-write of jsonb documents, so two at once could lose an update.
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
