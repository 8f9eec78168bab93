import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** <repo> = three levels above supabase/local/src. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultProjectDir = resolve(repoRoot, 'supabase');
export const defaultDataDir = resolve(repoRoot, '.data/local');
