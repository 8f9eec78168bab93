import { create } from 'zustand';
import { markBoot } from '../lib/boot-marks.ts';

export interface SessionState {
  /**
   * 'unknown' until the auth client has restored (or not) a session from storage. 'second-factor': a
   * password-only session of a user with two-factor sign-in; signed out for the app (no user id, no data)
   * until the code is verified (docs/decisions/mfa-second-factor-step.md).
   */
  status: 'unknown' | 'signed-in' | 'second-factor' | 'signed-out';
  userId: string | null;
  email: string | null;
  /** Bumped after the user edits their own profile, so views showing it (the nav) fetch it again. */
  profileRevision: number;
  /**
   * How the last signed-in user left: their own sign-out ('chosen') wipes their data; a session the
   * server refused ('refused') keeps unsent writes sealed for them (src/sync/sealed-session.ts).
   */
  signedOutReason: 'chosen' | 'refused';
  /** guest or host once known (the nav asks); decides links such as Become a Host. */
  role: 'guest' | 'host' | null;
  bumpProfileRevision(): void;
  setRole(role: 'guest' | 'host' | null): void;
  setSignedIn(user: { id: string; email: string | null }): void;
  setAwaitingSecondFactor(): void;
  setSignedOut(reason?: 'chosen' | 'refused'): void;
}

/** Who is signed in, as the UI needs it. Server data (profiles, bookings) lives in the local database, not here. */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  userId: null,
  email: null,
  profileRevision: 0,
  role: null,
  signedOutReason: 'chosen',
  bumpProfileRevision: () => set((state) => ({ profileRevision: state.profileRevision + 1 })),
  // Another account signing in must not inherit the previous one's role.
  setSignedIn: (user) => {
    markBoot('session-known');
    set((state) => ({ status: 'signed-in', userId: user.id, email: user.email, role: state.userId === user.id ? state.role : null }));
  },
  setRole: (role) => set({ role }),
  setAwaitingSecondFactor: () => {
    markBoot('session-known');
    set({ status: 'second-factor', userId: null, email: null, role: null });
  },
  setSignedOut: (reason = 'chosen') => {
    markBoot('session-known');
    set({ status: 'signed-out', userId: null, email: null, role: null, signedOutReason: reason });
  },
}));
