/** The one place the app logs: docs/product.md §8 lists failures that are "logged only". */
export const logger = {
  warn(message: string, detail?: unknown): void {
    console.warn(`[nomadnest] ${message}`, detail ?? '');
  },
  error(message: string, detail?: unknown): void {
    console.error(`[nomadnest] ${message}`, detail ?? '');
  },
};
