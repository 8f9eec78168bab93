// The stand-in reads the project's sign-up and e-mail switches from config.toml as the Supabase CLI hands
// them to GoTrue (docs/decisions/email-confirmation.md), the deprecated `[auth.email] enable_signup` included.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { authSettingsFrom, cliDefaultAuthSettings, goDurationSeconds } from '../../../supabase/local/src/auth/auth-toml-settings.ts';

const repoConfig = parse(readFileSync(fileURLToPath(new URL('../../../supabase/config.toml', import.meta.url)), 'utf8'));

describe('auth settings from config.toml', () => {
  it('the project confirms e-mail, as a new hosted project does, under the key the CLI accepts', () => {
    const email = (repoConfig.auth as { email: Record<string, unknown> }).email;
    expect(email.enable_signup).toBeUndefined();
    expect(email.enabled).toBe(true);
    expect(authSettingsFrom(repoConfig)).toEqual({ signupEnabled: true, emailProviderEnabled: true, mailerAutoconfirm: false, emailMaxFrequencySeconds: 1, otpExpirySeconds: 3600, secureEmailChange: true, anonymousSignInsEnabled: false, manualLinkingEnabled: false });
  });

  it('takes the CLI defaults for what the file does not say', () => {
    expect(authSettingsFrom({})).toEqual(cliDefaultAuthSettings);
    expect(cliDefaultAuthSettings.mailerAutoconfirm).toBe(true);
  });

  it('reads [auth.email] enabled, else its deprecated name enable_signup, and [auth] enable_signup', () => {
    expect(authSettingsFrom({ auth: { email: { enabled: false } } }).emailProviderEnabled).toBe(false);
    expect(authSettingsFrom({ auth: { email: { enable_signup: false } } }).emailProviderEnabled).toBe(false);
    expect(authSettingsFrom({ auth: { email: { enabled: true, enable_signup: false } } }).emailProviderEnabled).toBe(true);
    expect(authSettingsFrom({ auth: { enable_signup: false } }).signupEnabled).toBe(false);
  });

  it('reads max_frequency as a Go duration and otp_expiry in seconds', () => {
    expect(goDurationSeconds('1s')).toBe(1);
    expect(goDurationSeconds('1m0s')).toBe(60);
    expect(goDurationSeconds('1h30m')).toBe(5400);
    expect(goDurationSeconds('soon')).toBeUndefined();
    expect(authSettingsFrom({ auth: { email: { max_frequency: '2m', otp_expiry: 600 } } })).toMatchObject({ emailMaxFrequencySeconds: 120, otpExpirySeconds: 600 });
  });
});
