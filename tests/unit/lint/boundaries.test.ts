import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { features, remoteForFeatures } from '../../../eslint.config.js';

// Lints code as if it lived at a given path, so the layer rules of docs/architecture.md §2.1 are proven on real configs.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

// The first lint loads every plugin and the resolver: slow on a busy machine, so these tests get time.
describe('import boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['domain importing remote', 'src/domain/pricing-extra.ts', "import { supabase } from '../remote/client';\nexport const y = supabase;\n", 'import-x/no-restricted-paths'],
    ['ui importing domain', 'src/ui/button/extra.tsx', "import { BRAND_NAME } from '../../domain/constants';\nexport const y = BRAND_NAME;\n", 'import-x/no-restricted-paths'],
    ['a feature importing another feature', 'src/features/explore/extra.ts', "import Landing from '../landing/landing-page';\nexport const y = Landing;\n", 'import-x/no-restricted-paths'],
    ['sync importing a feature', 'src/sync/extra.ts', "import Landing from '../features/landing/landing-page';\nexport const y = Landing;\n", 'import-x/no-restricted-paths'],
    ['supabase-js outside remote', 'src/features/explore/extra.ts', "import { createClient } from '@supabase/supabase-js';\nexport const y = createClient;\n", 'no-restricted-imports'],
    ['dexie outside db', 'src/sync/extra.ts', "import Dexie from 'dexie';\nexport const y = Dexie;\n", 'no-restricted-imports'],
    ['wouter in ui', 'src/ui/link/extra.tsx', "import { useLocation } from 'wouter';\nexport const y = useLocation;\n", 'no-restricted-imports'],
    ['a PascalCase file name', 'src/domain/PricingRules.ts', 'export const y = 1;\n', 'check-file/filename-naming-convention'],
    ['a feature reading user data straight from remote', 'src/features/profile/extra.ts', "import { loadClient } from '../../remote/load-client.ts';\nexport const y = loadClient;\n", 'import-x/no-restricted-paths'],
    ['a feature importing a remote module off the allow-list', 'src/features/messages/extra.ts', "import { fetchNavProfile } from '../../remote/profiles.ts';\nexport const y = fetchNavProfile;\n", 'import-x/no-restricted-paths'],
    ['a relative import without its extension', 'src/lib/extra.ts', "import { logger } from './logger';\nexport const y = logger;\n", 'import-x/extensions'],
    ['a type import without its extension', 'src/lib/extra.ts', "import type { logger } from './logger';\nexport type Y = typeof logger;\n", 'import-x/extensions'],
    ['an unbounded toArray() in a UI query', 'src/db/queries/extra.ts', 'export const all = (db: { t: { toArray(): unknown } }) => db.t.toArray();\n', 'no-restricted-syntax'],
  ])('refuses %s', async (_name, filePath, code, ruleId) => {
    expect(await ruleIdsFor(filePath, code)).toContain(ruleId);
  });

  it.each([
    ['a feature importing ui and domain', 'src/features/explore/extra.tsx', "import { Button } from '../../ui/button/button.tsx';\nimport { BRAND_NAME } from '../../domain/constants.ts';\nexport const y = [Button, BRAND_NAME];\n"],
    ['a feature importing an online action of remote', 'src/features/auth/extra.ts', "import { signOut } from '../../remote/auth.ts';\nexport const y = signOut;\n"],
    ['remote importing supabase-js', 'src/remote/extra.ts', "import { createClient } from '@supabase/supabase-js';\nexport const y = createClient;\n"],
    ['the app importing wouter', 'src/app/extra.tsx', "import { useLocation } from 'wouter';\nexport const y = useLocation;\n"],
    ['a bounded toArray() in a UI query', 'src/db/queries/extra.ts', 'export const some = (db: { t: { limit(n: number): { toArray(): unknown } } }) => db.t.limit(50).toArray();\n'],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toEqual([]);
  });

  it('refuses an import cycle in application sources', async () => {
    // A real pair of files (the rule follows imports on disk), linted with the repository's config
    // from a folder shaped like the repository, so `src/**` matches and the fixture ignore does not.
    const fixtureRoot = resolve('tests/fixtures/lint');
    const fixtureLint = new ESLint({ cwd: fixtureRoot, overrideConfigFile: resolve('eslint.config.js') });
    const [result] = await fixtureLint.lintFiles(['src/sync/cycle-a.ts']);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('names exactly the features that exist, and allow-lists only remote modules that exist', () => {
    expect([...features].sort()).toEqual(readdirSync('src/features').sort());
    const remoteModules = readdirSync('src/remote');
    expect(Object.keys(remoteForFeatures).filter((file) => !remoteModules.includes(file))).toEqual([]);
  });
});
