import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
    ['an unbounded toArray() in a UI query', 'src/db/queries/extra.ts', 'export const all = (db: { t: { toArray(): unknown } }) => db.t.toArray();\n', 'no-restricted-syntax'],
  ])('refuses %s', async (_name, filePath, code, ruleId) => {
    expect(await ruleIdsFor(filePath, code)).toContain(ruleId);
  });

  it.each([
    ['a feature importing ui and domain', 'src/features/explore/extra.tsx', "import { Button } from '../../ui/button/button';\nimport { BRAND_NAME } from '../../domain/constants';\nexport const y = [Button, BRAND_NAME];\n"],
    ['remote importing supabase-js', 'src/remote/extra.ts', "import { createClient } from '@supabase/supabase-js';\nexport const y = createClient;\n"],
    ['the app importing wouter', 'src/app/extra.tsx', "import { useLocation } from 'wouter';\nexport const y = useLocation;\n"],
    ['a bounded toArray() in a UI query', 'src/db/queries/extra.ts', 'export const some = (db: { t: { limit(n: number): { toArray(): unknown } } }) => db.t.limit(50).toArray();\n'],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toEqual([]);
  });
});
