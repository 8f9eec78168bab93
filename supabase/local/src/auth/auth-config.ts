// The GoTrue settings this stand-in runs with: the Supabase CLI's local defaults (config.toml template),
// and the project's `[auth]` / `[auth.email]` switches read from config.toml (auth-toml-settings.ts).
import type { LocalContext } from '../context.ts';
import { mailerFrom, readLocalSmtpConfig } from '../local-smtp-config.ts';
import { readAuthTomlSettings, type AuthTomlSettings } from './auth-toml-settings.ts';

export interface AuthConfig extends AuthTomlSettings {
  /** `iss` of access tokens: <api>/auth/v1 */
  issuer: string;
  /** where browser flows land when redirect_to is missing or not allowed */
  siteUrl: string;
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  minimumPasswordLength: number;
  bcryptCost: number;
  maxEnrolledFactors: number;
  mfaChallengeExpirySeconds: number;
  flowStateExpirySeconds: number;
  /** From: of auth mails: config.toml [local_smtp] sender_name <admin_email> (SMTP_ADMIN_EMAIL overrides the address) */
  mailerSender: string;
}

export function authConfig(ctx: LocalContext): AuthConfig {
  const smtp = readLocalSmtpConfig(ctx.projectDir);
  return {
    ...readAuthTomlSettings(ctx.projectDir),
    issuer: `${ctx.apiUrl}/auth/v1`,
    siteUrl: ctx.env.SITE_URL ?? 'http://127.0.0.1:3000',
    jwtExpirySeconds: 3600,
    refreshTokenReuseIntervalSeconds: 10,
    minimumPasswordLength: 6,
    // bcrypt cost 10 like GoTrue: slow enough to be real, fast enough for tests.
    bcryptCost: 10,
    maxEnrolledFactors: 10,
    mfaChallengeExpirySeconds: 300,
    flowStateExpirySeconds: 300,
    mailerSender: mailerFrom({ ...smtp, adminEmail: ctx.env.SMTP_ADMIN_EMAIL ?? smtp.adminEmail }),
  };
}
