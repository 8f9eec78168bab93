// Bench (not part of `npm test`): runs supabase-js's own test suites against the stand-in and prints
// passed/failed/total per suite with the failures grouped by cause (docs/local-backend-fidelity.md, "Upstream suites").
// It fetches nothing: pass a checkout of github.com/supabase/supabase-js with --upstream.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestServer, type TestEngine } from '../integration/local/support/start.ts';
import { runAuthSuite } from './support/upstream-auth-suite.ts';
import { failureCause } from './support/upstream-failure-cause.ts';
import { runFunctionsSuite } from './support/upstream-functions-suite.ts';
import { preparePostgrestProject } from './support/upstream-postgrest-project.ts';
import { runUpstreamVitest, type SuiteReport } from './support/upstream-vitest.ts';

const help = `Usage: npx tsx tests/bench/upstream-suites.ts --upstream <supabase-js checkout> [--suite postgrest,functions,auth] [--engine pglite|postgres]

Runs the server-facing tests of supabase-js's packages/core/{postgrest-js,functions-js,auth-js} against the stand-in.
  --upstream DIR   a checkout of https://github.com/supabase/supabase-js (the monorepo), e.g.
                     git clone https://github.com/supabase/supabase-js /tmp/supabase-js
                   (any tree with packages/core/*/test and src works; nothing is installed or built there)
  --suite LIST     comma-separated: postgrest, functions, auth (default: all three)
  --engine NAME    pglite (default) or postgres (needs TEST_DATABASE_URL, as the integration tests)
  --auth-rate-limits config|off
                   config (default): the limits of auth-js's own test config.toml, enforced as GoTrue does;
                   off: none (its suite signs up and in more than 100 times in 5 minutes from one address)
  --verbose        print every failing test's name under its cause
  --json FILE      also write every test's outcome (with the first error and its diff) to FILE
Type-only test files (*.test-d.ts), tests that only mock fetch, and suites needing services the stand-in does
not model (postgrest-js test/v12: a PostgREST 12 in docker) are left out; the summary says which.`;

const { values } = parseArgs({
  options: {
    upstream: { type: 'string' },
    suite: { type: 'string', default: 'postgrest,functions,auth' },
    engine: { type: 'string', default: 'pglite' },
    'auth-rate-limits': { type: 'string', default: 'config' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.upstream) {
  console.log(help);
  process.exit(values.help ? 0 : 2);
}
const upstream = resolve(values.upstream);
const engine = values.engine as TestEngine;
if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`--engine must be pglite or postgres, not ${values.engine}`);

/** The URL postgrest-js's tests hard-code (the CLI's API port). */
const postgrestTestUrl = 'http://localhost:54321';

async function postgrestSuite(): Promise<SuiteReport> {
  const packageDir = join(upstream, 'packages/core/postgrest-js');
  const testDir = join(packageDir, 'test');
  const names = (await readdir(testDir)).filter((name) => name.endsWith('.test.ts')).sort();
  const files: string[] = [];
  const clientOnly: string[] = [];
  for (const name of names) {
    // Server-facing = talks to the fixture's API URL; the others only mock fetch.
    if ((await readFile(join(testDir, name), 'utf8')).includes(postgrestTestUrl)) files.push(`test/${name}`);
    else clientOnly.push(name);
  }
  const project = await preparePostgrestProject(packageDir);
  const server = await startTestServer({ engine, projectDir: project.dir, seed: true });
  try {
    const env = { UPSTREAM_API_ORIGIN: new URL(server.url).origin, UPSTREAM_ANON_KEY: server.server.keys.anonKey };
    const result = await runUpstreamVitest({ packageDir, files, replacements: [[postgrestTestUrl, server.url]], env });
    return {
      suite: 'postgrest-js',
      result,
      adjustments: [...project.adjustments, { what: 'requests without an apikey get the anon key', why: 'the CLI gateway serves them as anon; hosted and the stand-in answer 401 (tests/bench/support/upstream-gateway-key.ts)' }],
      leftOut: [
        `client-only (mock fetch, no server): ${clientOnly.join(', ')}`,
        'type-only: *.test-d.ts and test/select-query-parser (tstyche)',
        'test/v12/v12-compat.test.ts: a PostgREST 12 in docker, a version the stand-in does not model',
      ],
    };
  } finally {
    await server.close();
    await rm(project.dir, { recursive: true, force: true });
  }
}

function print(report: SuiteReport): void {
  const { tests, fileErrors } = report.result;
  const count = (state: string) => tests.filter((t) => t.state === state).length;
  console.log(`\n== ${report.suite}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${tests.length} total`);
  const perFile = new Map<string, { passed: number; total: number }>();
  for (const test of tests) {
    const entry = perFile.get(test.file) ?? { passed: 0, total: 0 };
    entry.total += 1;
    if (test.state === 'passed') entry.passed += 1;
    perFile.set(test.file, entry);
  }
  for (const [file, { passed, total }] of perFile) console.log(`   ${String(passed).padStart(4)}/${String(total).padEnd(4)} ${file}`);
  for (const { file, error } of fileErrors) console.log(`   file error ${file}: ${error.split('\n')[0] ?? ''}`);
  const groups = new Map<string, string[]>();
  for (const test of tests.filter((t) => t.state === 'failed')) {
    const cause = failureCause(test);
    groups.set(cause, [...(groups.get(cause) ?? []), `${test.file} › ${test.name}`]);
  }
  if (groups.size > 0) console.log('   failures by cause:');
  for (const [cause, names] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`   ${String(names.length).padStart(4)}  ${cause}`);
    if (values.verbose) for (const name of names) console.log(`           ${name}`);
  }
  for (const { what, why } of report.adjustments) console.log(`   fixture adjusted: ${what} (${why})`);
  for (const line of report.leftOut) console.log(`   left out: ${line}`);
}

if (!['config', 'off'].includes(values['auth-rate-limits'] ?? '')) throw new Error('--auth-rate-limits must be config or off');
const suites = (values.suite ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const runners: Record<string, () => Promise<SuiteReport>> = {
  postgrest: postgrestSuite,
  functions: () => runFunctionsSuite(upstream),
  auth: () => runAuthSuite(upstream, engine, values['auth-rate-limits'] === 'off' ? 'off' : 'config'),
};
for (const suite of suites) if (!runners[suite]) throw new Error(`unknown suite ${suite}; use ${Object.keys(runners).join(', ')}`);
const reports: SuiteReport[] = [];
for (const suite of suites) reports.push(await (runners[suite] as () => Promise<SuiteReport>)());
console.log(`\nUpstream: ${upstream}; engine: ${engine}`);
for (const report of reports) print(report);
if (values.json) await writeFile(values.json, `${JSON.stringify(reports, null, 2)}\n`);
