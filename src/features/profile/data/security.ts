// Two-factor authentication for the Security section, behind small functions like the other data calls.
import { BRAND_NAME } from '../../../domain/constants.ts';
import { enrollTotp, listFactors, unenrollFactor, verifyTotp, type MfaFactor, type TotpEnrollment } from '../../../remote/mfa.ts';

export type { MfaFactor, TotpEnrollment };

export const loadFactors = listFactors;
export const confirmAuthenticator = verifyTotp;
export const removeFactor = unenrollFactor;

/** Names must be unique per user (GoTrue refuses duplicates), so a second app gets "Authenticator app 2". */
export function nextAuthenticatorName(existing: readonly MfaFactor[]): string {
  const taken = new Set(existing.map((factor) => factor.friendlyName));
  let index = 1;
  const nameFor = (n: number) => (n === 1 ? 'Authenticator app' : `Authenticator app ${n}`);
  while (taken.has(nameFor(index))) index += 1;
  return nameFor(index);
}

/** Starts enrolment; unfinished earlier attempts are removed first so they don't pile up. */
export async function startAuthenticatorSetup(existing: readonly MfaFactor[]): Promise<TotpEnrollment> {
  const unfinished = existing.filter((factor) => factor.status === 'unverified');
  await Promise.all(unfinished.map((factor) => unenrollFactor(factor.id)));
  const remaining = existing.filter((factor) => factor.status === 'verified');
  return enrollTotp({ friendlyName: nextAuthenticatorName(remaining), issuer: BRAND_NAME });
}
