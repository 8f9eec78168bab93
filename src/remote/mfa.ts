// TOTP multi-factor enrolment for the profile's Security section (docs/product.md §4 Session/MFA, §7 /factors).
import { loadClient } from './load-client.ts';
import { fromSupabase } from './supabase-errors.ts';

export interface MfaFactor {
  id: string;
  friendlyName: string | null;
  factorType: string;
  status: 'verified' | 'unverified';
  createdAt: string | null;
}

export interface TotpEnrollment {
  factorId: string;
  /** An <img> src for the QR code. */
  qrCodeSrc: string;
  /** The base32 secret, for typing into an app instead of scanning. */
  secret: string;
  uri: string;
}

const svgDataPrefix = /^data:image\/svg\+xml;(?:utf-?8|charset=utf-?8),/i;

/**
 * auth-js prefixes the raw SVG with `data:image/svg+xml;utf-8,` without percent-encoding it, and a `#`
 * in it (fill="#fff") ends a data URL in Chromium. Re-encoded, the image always renders.
 */
export function qrCodeImageSource(qrCode: string): string {
  const match = svgDataPrefix.exec(qrCode);
  const svg = match ? qrCode.slice(match[0].length) : qrCode.trimStart().startsWith('<svg') ? qrCode : null;
  if (svg === null) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export async function listFactors(): Promise<MfaFactor[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw fromSupabase(error);
  return data.all.map((factor) => ({
    id: factor.id,
    friendlyName: factor.friendly_name ?? null,
    factorType: factor.factor_type,
    status: factor.status === 'verified' ? 'verified' : 'unverified',
    createdAt: factor.created_at ?? null,
  }));
}

export async function enrollTotp(options: { friendlyName: string; issuer: string }): Promise<TotpEnrollment> {
  const supabase = await loadClient();
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: options.friendlyName, issuer: options.issuer });
  if (error) throw fromSupabase(error);
  return { factorId: data.id, qrCodeSrc: qrCodeImageSource(data.totp.qr_code), secret: data.totp.secret, uri: data.totp.uri };
}

/** Challenges and verifies in one go; success upgrades the session to aal2. */
export async function verifyTotp(factorId: string, code: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw fromSupabase(error);
}

export async function unenrollFactor(factorId: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw fromSupabase(error);
}
