// `npm start -- --help` and the README's flags table name the same flags, so a new user finds them in either.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const flags = ['--api-port', '--app-port', '--data', '--out-dir', '--fresh'];

describe('npm start -- --help', () => {
  it('prints every flag, and the README lists each one', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'supabase/local/src/run-with-app.ts', '--help'], { timeout: 30_000 });
    const readme = readFileSync('README.md', 'utf8');
    for (const flag of flags) {
      expect(stdout, flag).toContain(flag);
      expect(readme, flag).toContain(`| \`${flag}`);
    }
  }, 40_000);
});
