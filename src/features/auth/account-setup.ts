import { localKeys } from '../../config/storage-keys.ts';
import { DEFAULT_USER_ROLE, USER_ROLES, type UserRole } from '../../domain/constants.ts';
import { profileNameFor } from '../../domain/sign-in-routing.ts';
import { logger } from '../../lib/logger.ts';
import { fetchAccountState, upsertProfile, upsertRole, type AccountState } from '../../remote/account.ts';
import type { SessionUser } from '../../remote/auth.ts';

/** Who the account is for: the session's user (its assurance level is not needed here). */
type AccountUser = Pick<SessionUser, 'id' | 'email' | 'metadata'>;

export class AccountSetupError extends Error {
  constructor(readonly step: 'profile' | 'role', cause: unknown) {
    super(step === 'profile' ? 'Failed to create profile' : 'Role setup incomplete', { cause });
  }
}

function storedSignupRole(): UserRole {
  const stored = localStorage.getItem(localKeys.signupRole);
  return USER_ROLES.find((role) => role === stored) ?? DEFAULT_USER_ROLE;
}

async function createMissingRows(user: AccountUser): Promise<AccountState> {
  const state = await fetchAccountState(user.id);
  if (!state.profile) {
    const name = profileNameFor({ fullName: user.metadata.full_name, signupName: localStorage.getItem(localKeys.signupName), email: user.email });
    try {
      await upsertProfile(user.id, name);
    } catch (error) {
      throw new AccountSetupError('profile', error);
    }
  }
  if (!state.role) {
    try {
      await upsertRole(user.id, storedSignupRole());
    } catch (error) {
      throw new AccountSetupError('role', error);
    }
  }
  localStorage.removeItem(localKeys.signupName);
  localStorage.removeItem(localKeys.signupRole);
  return state.profile && state.role ? state : fetchAccountState(user.id);
}

const inFlight = new Map<string, Promise<AccountState>>();

/**
 * At the signed-in event (docs/product.md §4): create the profile (onboarding_complete false, name by the
 * fallback chain) and the role (stored signup role, default guest) when missing, then clear the
 * stored signup values. One run per user at a time; sign-in awaits the same run.
 */
export function ensureAccount(user: AccountUser): Promise<AccountState> {
  const running = inFlight.get(user.id);
  if (running) return running;
  const run = createMissingRows(user).finally(() => inFlight.delete(user.id));
  inFlight.set(user.id, run);
  run.catch((error: unknown) => logger.warn('Account setup failed', error));
  return run;
}
