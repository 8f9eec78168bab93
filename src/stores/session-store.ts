import { create } from 'zustand';

export interface SessionState {
  /** 'unknown' until the auth client has restored (or not) a session from storage. */
  status: 'unknown' | 'signed-in' | 'signed-out';
  userId: string | null;
  email: string | null;
  /** Bumped after the user edits their own profile, so views showing it (the nav) fetch it again. */
  profileRevision: number;
  bumpProfileRevision(): void;
  setSignedIn(user: { id: string; email: string | null }): void;
  setSignedOut(): void;
}

/** Who is signed in, as the UI needs it. Server data (profiles, bookings) lives in the local database, not here. */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  userId: null,
  email: null,
  profileRevision: 0,
  bumpProfileRevision: () => set((state) => ({ profileRevision: state.profileRevision + 1 })),
  setSignedIn: (user) => set({ status: 'signed-in', userId: user.id, email: user.email }),
  setSignedOut: () => set({ status: 'signed-out', userId: null, email: null }),
}));
