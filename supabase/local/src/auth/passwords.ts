// bcrypt hashing and GoTrue's password policy (minimum length; bcrypt's 72-byte ceiling), plus the
// stand-in's one rule of its own: a password of only whitespace is weak (docs/decisions/auth-passwords-and-taken-email.md).
import bcrypt from 'bcryptjs';
import type { AuthConfig } from './auth-config.ts';
import { AuthError, unprocessable } from './auth-error.ts';

/** Passwords are taken as typed (never trimmed); this only tells whether anything but whitespace was typed. */
function isBlankPassword(password: string): boolean {
  return password.trim() === '';
}

/**
 * GoTrue's checkPasswordStrength: every failed rule adds a reason and its sentence to one 422
 * weak_password. A whitespace-only password fails as `characters`, the reason GoTrue gives when
 * required characters are missing.
 */
export function assertStrongPassword(config: AuthConfig, password: string): void {
  if (new TextEncoder().encode(password).length > 72) {
    throw unprocessable('validation_failed', 'Password cannot be longer than 72 characters');
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < config.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimumPasswordLength} characters.`);
  }
  if (password !== '' && isBlankPassword(password)) {
    reasons.push('characters');
    messages.push('Password should contain at least one character that is not a space.');
  }
  if (reasons.length > 0) throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
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
