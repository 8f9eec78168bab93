// auth-js's server-facing tests (those that build their clients from test/lib/clients.ts) against the stand-in
// serving upstream's own test project config (test/supabase/config.toml).
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestEngine } from '../../integration/local/support/start.ts';
import { runUpstreamVitest, type SuiteReport } from './upstream-vitest.ts';

const browserTest = 'GoTrueClient.browser.test.ts';
const bench = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

export async function runAuthSuite(upstream: string, engine: TestEngine, rateLimits: 'config' | 'off'): Promise<SuiteReport> {
  const packageDir = join(upstream, 'packages/core/auth-js');
  const testDir = join(packageDir, 'test');
  const files: string[] = [];
  const clientOnly: string[] = [];
  for (const name of (await readdir(testDir)).filter((n) => n.endsWith('.test.ts')).sort()) {
    // The jsdom file loads sources with CommonJS require(), which vitest does not transform.
    if (name === browserTest) continue;
    if ((await readFile(join(testDir, name), 'utf8')).includes('/lib/clients')) files.push(`test/${name}`);
    else clientOnly.push(name);
  }
  const projectDir = await mkdtemp(join(tmpdir(), 'upstream-auth-'));
  await copyFile(join(testDir, 'supabase', 'config.toml'), join(projectDir, 'config.toml'));
  const server = await startTestServer({ engine, projectDir, seed: false, authRateLimits: rateLimits });
  try {
    const { keys } = server.server;
    const result = await runUpstreamVitest({
      packageDir,
      files,
      substitutes: { 'test/lib/clients.ts': bench('./upstream-auth-clients.ts') },
      packages: {
        '@supabase/auth-js': join(packageDir, 'src/index.ts'),
        '@faker-js/faker': bench('./upstream-faker.ts'),
        jsonwebtoken: bench('./upstream-jsonwebtoken.ts'),
      },
      env: { UPSTREAM_API_URL: server.url, UPSTREAM_API_ORIGIN: new URL(server.url).origin, UPSTREAM_JWT_SECRET: keys.jwtSecret, UPSTREAM_ANON_KEY: keys.anonKey, UPSTREAM_SERVICE_ROLE_KEY: keys.serviceRoleKey },
    });
    return {
      suite: 'auth-js',
      result,
      adjustments: [
        { what: 'test/lib/clients.ts replaced by the same clients with the stand-in\'s URL and HS256 keys', why: 'upstream signs its keys with RS256 signing keys made at setup; the stand-in has one HS256 secret' },
        { what: 'requests without an apikey get the anon key', why: 'a few tests build clients without one; the CLI gateway serves them as anon, hosted and the stand-in answer 401 (tests/bench/support/upstream-gateway-key.ts)' },
        ...(rateLimits === 'off' ? [{ what: 'auth rate limits off', why: '--auth-rate-limits off' }] : []),
        { what: '@faker-js/faker and jsonwebtoken (HS256 sign) served by small bench modules', why: 'not installed in this repo' },
      ],
      leftOut: [
        `client-only (no server): ${clientOnly.join(', ')}`,
        `${browserTest}: jsdom, loads the sources with CommonJS require() of .ts files, which vitest does not transform`,
        'test/docker-tests/*: GoTrue containers with other configs (signup off, anonymous off, phone OTP, asymmetric JWT) on their own ports',
      ],
    };
  } finally {
    await server.close();
    await rm(projectDir, { recursive: true, force: true });
  }
}
