// The project's sign-up and e-mail switches from config.toml, as the Supabase CLI hands them to GoTrue:
// `[auth] enable_signup` (DISABLE_SIGNUP), `[auth.email] enabled` (EXTERNAL_EMAIL_ENABLED; `enable_signup`
// there is its deprecated name, still read), `enable_confirmations` (MAILER_AUTOCONFIRM is its opposite),
// `max_frequency` and `otp_expiry`. Read once when the server starts (docs/decisions/email-confirmation.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface AuthTomlSettings {
  /** `[auth] enable_signup`: new accounts may be created (GoTrue refuses /signup with signup_disabled otherwise) */
  signupEnabled: boolean;
  /** `[auth.email] enabled`: the e-mail provider (sign-up and sign-in with an e-mail address) */
  emailProviderEnabled: boolean;
  /** not `[auth.email] enable_confirmations`: sign-up signs the user in without a confirmation mail */
  mailerAutoconfirm: boolean;
  /** the least time between two mails of one kind to one user ([auth.email] max_frequency) */
  emailMaxFrequencySeconds: number;
  /** how long an e-mailed link or code stays valid ([auth.email] otp_expiry) */
  otpExpirySeconds: number;
  /** `[auth.email] double_confirm_changes`: an e-mail change is confirmed from the current address too */
  secureEmailChange: boolean;
  /** `[auth] enable_anonymous_sign_ins` (EXTERNAL_ANONYMOUS_USERS_ENABLED): POST /signup without an address */
  anonymousSignInsEnabled: boolean;
  /** `[auth] enable_manual_linking` (SECURITY_MANUAL_LINKING_ENABLED): linkIdentity / unlinkIdentity */
  manualLinkingEnabled: boolean;
}

/** The CLI's defaults (its config.toml template) for what the file does not say. */
export const cliDefaultAuthSettings: AuthTomlSettings = {
  signupEnabled: true,
  emailProviderEnabled: true,
  mailerAutoconfirm: true,
  emailMaxFrequencySeconds: 1,
  otpExpirySeconds: 3600,
  secureEmailChange: true,
  anonymousSignInsEnabled: false,
  manualLinkingEnabled: false,
};

function table(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const goDurationUnits: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };

/** A Go duration as the CLI writes `max_frequency` ("1s", "1m0s", "90s"), in seconds; undefined if not one. */
export function goDurationSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(value.trim())) return undefined;
  let total = 0;
  for (const [, amount, , unit] of value.trim().matchAll(/(\d+(\.\d+)?)(h|ms|m|s)/g)) total += Number(amount) * goDurationUnits[unit!]!;
  return total;
}

export function authSettingsFrom(toml: Record<string, unknown>): AuthTomlSettings {
  const auth = table(toml.auth);
  const email = table(auth.email);
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  const seconds = typeof email.otp_expiry === 'number' && email.otp_expiry > 0 ? email.otp_expiry : cliDefaultAuthSettings.otpExpirySeconds;
  return {
    signupEnabled: flag(auth.enable_signup, cliDefaultAuthSettings.signupEnabled),
    emailProviderEnabled: flag(email.enabled, flag(email.enable_signup, cliDefaultAuthSettings.emailProviderEnabled)),
    mailerAutoconfirm: !flag(email.enable_confirmations, !cliDefaultAuthSettings.mailerAutoconfirm),
    emailMaxFrequencySeconds: goDurationSeconds(email.max_frequency) ?? cliDefaultAuthSettings.emailMaxFrequencySeconds,
    otpExpirySeconds: seconds,
    secureEmailChange: flag(email.double_confirm_changes, cliDefaultAuthSettings.secureEmailChange),
    anonymousSignInsEnabled: flag(auth.enable_anonymous_sign_ins, cliDefaultAuthSettings.anonymousSignInsEnabled),
    manualLinkingEnabled: flag(auth.enable_manual_linking, cliDefaultAuthSettings.manualLinkingEnabled),
  };
}

export function readAuthTomlSettings(projectDir: string): AuthTomlSettings {
  try {
    return authSettingsFrom(parse(readFileSync(join(projectDir, 'config.toml'), 'utf8')));
  } catch {
    return { ...cliDefaultAuthSettings };
  }
}
