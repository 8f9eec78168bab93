// Runs test files of an upstream supabase-js package (jest-style) with this repo's vitest, pointed at the
// stand-in, and returns one outcome per test. Used by tests/bench/upstream-suites.ts only.
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { BaseSequencer, startVitest, type TestModule, type TestSpecification } from 'vitest/node';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface UpstreamRun {
  /** the upstream package folder (e.g. <checkout>/packages/core/postgrest-js): vitest's root */
  packageDir: string;
  /** test files, relative to packageDir */
  files: string[];
  /** exact strings replaced in the upstream test files as they load (the server URLs they hard-code) */
  replacements?: [from: string, to: string][];
  /** upstream test modules (relative to packageDir) served by a bench module instead (e.g. a docker harness) */
  substitutes?: Record<string, string>;
  /** bare packages the upstream tests import that this repo does not install, served by a bench module */
  packages?: Record<string, string>;
  /** environment for the test workers */
  env?: Record<string, string>;
  testTimeout?: number;
}

export interface TestOutcome {
  file: string;
  name: string;
  state: 'passed' | 'failed' | 'skipped';
  /** first error's message (failed tests) */
  error?: string;
  /** first error's expected/actual diff, when it has one */
  diff?: string;
}

export interface FixtureAdjustment {
  what: string;
  why: string;
}

/** One suite's outcome as the bench prints it. */
export interface SuiteReport {
  suite: string;
  result: UpstreamResult;
  /** every change made to the upstream fixture or harness, printed so a reader can judge the figures */
  adjustments: FixtureAdjustment[];
  leftOut: string[];
}

export interface UpstreamResult {
  tests: TestOutcome[];
  /** files that did not load at all, with the reason */
  fileErrors: { file: string; error: string }[];
}

/** jest's order in the upstream config (test/testSequencer.js): alphabetical by path, one file at a time. */
class AlphabeticalSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

const emptyModule = '\0upstream-empty-module';

function inside(dir: string, file: string): boolean {
  return file.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/** Bare imports of the upstream tests (zod, jsonwebtoken, …) resolve from this repo's node_modules. */
function upstreamPlugin(run: UpstreamRun): Plugin {
  const packageDir = resolve(run.packageDir);
  const substitutes = new Map(Object.entries(run.substitutes ?? {}).map(([from, to]) => [resolve(packageDir, from), to]));
  const substituteFiles = new Set(substitutes.values());
  return {
    name: 'upstream-suites',
    enforce: 'pre',
    async resolveId(source, importer) {
      // Bench modules standing in for upstream ones resolve the same packages as the upstream tests.
      if (!importer || !(inside(packageDir, importer) || substituteFiles.has(importer))) return null;
      if (source.startsWith('.')) {
        const target = resolve(importer, '..', source);
        for (const [from, to] of substitutes) if (target === from || `${target}.ts` === from) return to;
        return null;
      }
      // `import 'jest'` only brings jest's types in; the globals come from upstream-jest-globals.ts.
      if (source === 'jest') return emptyModule;
      const substitute = run.packages?.[source];
      if (substitute) return substitute;
      if (source.startsWith('/') || source.startsWith('\0') || source.startsWith('node:')) return null;
      const own = await this.resolve(source, importer, { skipSelf: true });
      if (own) return own;
      return this.resolve(source, resolve(repoRoot, 'package.json'), { skipSelf: true });
    },
    load(id) {
      return id === emptyModule ? 'export {};' : null;
    },
    transform(code, id) {
      if (!inside(packageDir, id) || !run.replacements) return null;
      let next = code;
      for (const [from, to] of run.replacements) next = next.split(from).join(to);
      return next === code ? null : { code: next, map: null };
    },
  };
}

function collect(packageDir: string, modules: ReadonlyArray<TestModule>): UpstreamResult {
  const tests: TestOutcome[] = [];
  const fileErrors: UpstreamResult['fileErrors'] = [];
  for (const module of modules) {
    const file = relative(packageDir, module.moduleId);
    for (const error of module.errors()) fileErrors.push({ file, error: error.message });
    for (const test of module.children.allTests()) {
      const result = test.result();
      const state = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
      const first = result.state === 'failed' ? result.errors[0] : undefined;
      tests.push({ file, name: test.fullName, state, ...(first ? { error: first.message, diff: first.diff } : {}) });
    }
  }
  return { tests, fileErrors };
}

export async function runUpstreamVitest(run: UpstreamRun): Promise<UpstreamResult> {
  const packageDir = resolve(run.packageDir);
  for (const file of run.files) if (!existsSync(resolve(packageDir, file))) throw new Error(`missing upstream test file ${file}`);
  let modules: ReadonlyArray<TestModule> = [];
  const vitest = await startVitest(
    'test',
    run.files,
    {
      config: false,
      root: packageDir,
      watch: false,
      run: true,
      // Never write the upstream's inline snapshots: a mismatch is a failure, as in CI.
      update: 'none',
      // The bench prints its own summary; vitest's reporters would print every failure's diff.
      reporters: [
        {
          onTestModuleEnd: (module) => console.log(`  ran ${relative(packageDir, module.moduleId)}`),
          onTestRunEnd: (testModules) => void (modules = testModules),
        },
      ],
    },
    {
      plugins: [upstreamPlugin(run)],
      // The setup files and bench modules live in this repo, outside the upstream root.
      server: { fs: { allow: [packageDir, repoRoot] } },
      test: {
        globals: true,
        environment: 'node',
        include: run.files,
        setupFiles: ['./upstream-jest-globals.ts', './upstream-gateway-key.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url))),
        // The upstream suites share one database and expect jest --runInBand's order.
        fileParallelism: false,
        maxWorkers: 1,
        sequence: { sequencer: AlphabeticalSequencer },
        testTimeout: run.testTimeout ?? 30_000,
        hookTimeout: 120_000,
        env: run.env ?? {},
      },
    },
  );
  await vitest.close();
  return collect(packageDir, modules);
}
