// The mail settings of config.toml the stand-in uses: `[local_smtp]`, the section the Supabase CLI reads
// since v2.108, or its deprecated alias `[inbucket]` (the CLI warns, and its 2026-11 config release drops
// it; docs/decisions/hosted-defaults.md). GoTrue sends auth mails from `sender_name <admin_email>`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

export interface LocalSmtpConfig {
  adminEmail: string;
  senderName: string;
}

/** The CLI's defaults when config.toml says nothing. */
const cliDefaults: LocalSmtpConfig = { adminEmail: 'admin@email.com', senderName: 'Admin' };

export const inbucketDeprecation = 'WARN: config section [inbucket] is deprecated. Please use [local_smtp] instead.';

export function readLocalSmtpConfig(projectDir: string, warn: (message: string) => void = console.warn): LocalSmtpConfig {
  let config: Record<string, unknown>;
  try {
    config = parseToml(readFileSync(join(projectDir, 'config.toml'), 'utf8'));
  } catch {
    return { ...cliDefaults };
  }
  if (config.local_smtp === undefined && config.inbucket !== undefined) warn(inbucketDeprecation);
  const section = (config.local_smtp ?? config.inbucket ?? {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value.trim() !== '' ? value : fallback);
  return { adminEmail: text(section.admin_email, cliDefaults.adminEmail), senderName: text(section.sender_name, cliDefaults.senderName) };
}

/** The From: of auth mails, as GoTrue writes it from SMTP_SENDER_NAME and SMTP_ADMIN_EMAIL. */
export function mailerFrom(config: LocalSmtpConfig): string {
  return `${config.senderName} <${config.adminEmail}>`;
}
