// supabase/schema/functions.sql is the reader's view of every function as the migrations leave it: it must be
// current, or a reader trusts an old body (regenerate: npx tsx tests/tools/function-definitions.ts --write).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { functionDefinitions, functionDefinitionsFile } from '../../tools/function-definitions.ts';

describe('supabase/schema/functions.sql', () => {
  it('holds the current definition of every function the migrations leave', async () => {
    const committed = await readFile(functionDefinitionsFile, 'utf8');
    const current = await functionDefinitions();
    expect(committed, 'regenerate with: npx tsx tests/tools/function-definitions.ts --write').toBe(current);
  }, 180_000);
});
