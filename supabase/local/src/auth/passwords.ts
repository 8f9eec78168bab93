// bcrypt hashing and GoTrue's password policy (minimum length; bcrypt's 72-byte ceiling).
import bcrypt from 'bcryptjs';
import type { AuthConfig } from './auth-config.ts';
import { AuthError, unprocessable } from './auth-error.ts';

export function assertStrongPassword(config: AuthConfig, password: string): void {
  if (new TextEncoder().encode(password).length > 72) {
    throw unprocessable('validation_failed', 'Password cannot be longer than 72 characters');
  }
  if ([...password].length < config.minimumPasswordLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${config.minimumPasswordLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

export function hashPassword(config: AuthConfig, password: string): Promise<string> {
  return bcrypt.hash(password, config.bcryptCost);
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    // A malformed stored hash (e.g. seeded by hand) simply never matches.
    return false;
  }
}
