// Other areas (e.g. storage copying seed files into buckets) register work that runs after seed.sql
// on a new database and after `reset`.
import type { LocalContext } from '../context.ts';

export type SeedHook = (ctx: LocalContext) => Promise<void>;

const hooks = new Map<string, SeedHook>();

/** Registering the same name again replaces the hook (modules may be imported more than once in tests). */
export function registerSeedHook(name: string, hook: SeedHook): void {
  hooks.set(name, hook);
}

export async function runSeedHooks(ctx: LocalContext): Promise<void> {
  for (const [name, hook] of hooks) {
    try {
      await hook(ctx);
    } catch (error) {
      throw new Error(`seed hook "${name}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
