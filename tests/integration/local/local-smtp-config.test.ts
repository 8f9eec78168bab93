// config.toml's mail section as the Supabase CLI reads it (docs/decisions/hosted-defaults.md): the project
// uses `[local_smtp]` (`[inbucket]` is deprecated, and dropped by the CLI's 2026-11 config release), and the
// stand-in sends auth mails from its `sender_name <admin_email>`, still reading a deprecated `[inbucket]`.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbucketDeprecation, readLocalSmtpConfig } from '../../../supabase/local/src/local-smtp-config.ts';
import { startTestServer, type TestServer } from './support/start.ts';

const repoConfig = fileURLToPath(new URL('../../../supabase/config.toml', import.meta.url));

async function projectWithConfig(toml: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'local-smtp-project-'));
  await writeFile(join(dir, 'config.toml'), toml);
  return dir;
}

describe('[local_smtp] in config.toml', () => {
  const dirs: string[] = [];
  let t: TestServer | undefined;

  beforeAll(async () => {
    const dir = await projectWithConfig('[local_smtp]\nenabled = true\nport = 54324\nadmin_email = "stays@nomadnest.test"\nsender_name = "NomadNest"\n');
    dirs.push(dir);
    t = await startTestServer({ projectDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is the section the project config uses, not the deprecated [inbucket]', async () => {
    const config = parseToml(await readFile(repoConfig, 'utf8'));
    expect(config.inbucket).toBeUndefined();
    expect(config.local_smtp).toMatchObject({ enabled: true, port: 54324 });
  });

  it('sets the From: of auth mails', async () => {
    const server = t as TestServer;
    const email = `smtp.${Date.now()}@example.com`;
    expect((await server.anon().auth.signUp({ email, password: 'correct-horse-battery-1' })).error).toBeNull();
    expect((await server.anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mails = (await (await fetch(`${server.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { from: string }[];
    expect(mails.map((mail) => mail.from)).toEqual(['NomadNest <stays@nomadnest.test>']);
  });

  it('still reads a deprecated [inbucket] section, with the CLI warning', async () => {
    const dir = await projectWithConfig('[inbucket]\nenabled = true\nadmin_email = "old@nomadnest.test"\n');
    dirs.push(dir);
    const warnings: string[] = [];
    expect(readLocalSmtpConfig(dir, (message) => warnings.push(message))).toEqual({ adminEmail: 'old@nomadnest.test', senderName: 'Admin' });
    expect(warnings).toEqual([inbucketDeprecation]);
  });
});
