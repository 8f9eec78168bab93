// functions-js's server-facing specs (test/spec/*.spec.ts that start a relay) against the stand-in, through
// tests/bench/support/upstream-functions-relay.ts in place of upstream's docker relay.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUpstreamVitest, type SuiteReport } from './upstream-vitest.ts';

export async function runFunctionsSuite(upstream: string): Promise<SuiteReport> {
  const packageDir = join(upstream, 'packages/core/functions-js');
  const specDir = join(packageDir, 'test/spec');
  const files: string[] = [];
  const clientOnly: string[] = [];
  for (const name of (await readdir(specDir)).filter((n) => n.endsWith('.spec.ts')).sort()) {
    if ((await readFile(join(specDir, name), 'utf8')).includes('runRelay(')) files.push(`test/spec/${name}`);
    else clientOnly.push(`spec/${name}`);
  }
  const result = await runUpstreamVitest({
    packageDir,
    files,
    substitutes: { 'test/relay/container.ts': fileURLToPath(new URL('./upstream-functions-relay.ts', import.meta.url)) },
    packages: { jsonwebtoken: fileURLToPath(new URL('./upstream-jsonwebtoken.ts', import.meta.url)) },
    env: { UPSTREAM_FUNCTIONS_DIR: join(packageDir, 'test/functions') },
    testTimeout: 60_000,
  });
  return {
    suite: 'functions-js',
    result,
    adjustments: [
      { what: 'the docker deno-relay is replaced by the stand-in (the spec\'s JWT secret as its secret) behind a proxy from /<name> to /functions/v1/<name>', why: 'the relay serves functions at the root; the stand-in at /functions/v1 as hosted' },
      { what: 'https://deno.land/std/http/server.ts is mapped to a serve() over Deno.serve in functions/import_map.json', why: 'the bench runs without network' },
    ],
    leftOut: [`client-only (mock fetch, no server): ${[...clientOnly, 'FunctionsClient.test.ts'].join(', ')}`],
  };
}
