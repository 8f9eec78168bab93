// Unsent writes of a session the server refused (docs/decisions/sealed-session.md).
// Nomads are offline for days and their tokens expire meanwhile: a refused session keeps the
// user's database, sealed (nothing reads it while signed out), until the same user signs in again and the
// engine sends the writes. A different account signing in, or the user's own choice, discards them, and
// the app says so. The seal is a web-storage record, so it survives a reload.

export interface SealedSession {
  userId: string;
  email: string | null;
  /** outbox entries waiting when the session was refused */
  unsent: number;
}

const SEALED_SESSION_KEY = 'nomadnest-sealed-session';

/** Why a signed-in user leaves the session: their own sign-out, or the server refusing the session. */
export type LeaveReason = 'chosen' | 'refused';

/** Keep the leaving user's database sealed, or wipe it as every sign-out does. */
export function whenUserLeaves(leave: { reason: LeaveReason; unsent: number }): 'seal' | 'wipe' {
  return leave.reason === 'refused' && leave.unsent > 0 ? 'seal' : 'wipe';
}

export type SignInWithSeal = { action: 'none' } | { action: 'unseal' } | { action: 'discard'; sealed: SealedSession };

/** What a sign-in does with writes sealed on this device. */
export function whenUserSignsIn(userId: string): SignInWithSeal {
  const sealed = readSealedSession();
  if (!sealed) return { action: 'none' };
  return sealed.userId === userId ? { action: 'unseal' } : { action: 'discard', sealed };
}

export function readSealedSession(): SealedSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(SEALED_SESSION_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SealedSession>) : null;
    if (!value || typeof value.userId !== 'string' || typeof value.unsent !== 'number') return null;
    return { userId: value.userId, email: typeof value.email === 'string' ? value.email : null, unsent: value.unsent };
  } catch {
    return null;
  }
}

const CHANGE_EVENT = 'nomadnest-sealed-session-change';

export function sealSession(sealed: SealedSession): void {
  globalThis.localStorage?.setItem(SEALED_SESSION_KEY, JSON.stringify(sealed));
  globalThis.dispatchEvent?.(new Event(CHANGE_EVENT));
}

export function forgetSealedSession(): void {
  globalThis.localStorage?.removeItem(SEALED_SESSION_KEY);
  globalThis.dispatchEvent?.(new Event(CHANGE_EVENT));
}

/** Calls back with the sealed writes now and whenever they change (in this tab or another). Returns the unsubscribe. */
export function watchSealedSession(onChange: (sealed: SealedSession | null) => void): () => void {
  const notify = () => onChange(readSealedSession());
  notify();
  window.addEventListener(CHANGE_EVENT, notify);
  window.addEventListener('storage', notify);
  return () => {
    window.removeEventListener(CHANGE_EVENT, notify);
    window.removeEventListener('storage', notify);
  };
}

const changes = (count: number) => `${count} unsent ${count === 1 ? 'change' : 'changes'}`;

/** The sign-in form's line while writes wait for their user. */
export function sessionExpiredPrompt(unsent: number): string {
  return `Your session expired. Sign in again to send your ${changes(unsent)}.`;
}

/** Said when the sealed writes go unsent (another account signed in, or the user discarded them). */
export function discardedNotice(sealed: SealedSession): string {
  return `${changes(sealed.unsent)} of ${sealed.email ?? 'the previous account'} ${sealed.unsent === 1 ? 'was' : 'were'} discarded`;
}
