// Private data a user leaves outside their local database (the service worker's profile-photo cache,
// a few local-storage keys), wiped with it when the user leaves this browser (local-first-session.ts).
// The app registers what it owns here; deliberately tiny and Dexie-free, so registering at start-up
// adds nothing to the first paint.

export interface WipeContext {
  /** the user leaving */
  userId: string;
  /** who this browser switches to: null when nobody is signed in next (sign-out, session lost) */
  nextUserId: string | null;
}

export type UserDataWiper = (context: WipeContext) => Promise<void>;

const wipers = new Set<UserDataWiper>();

/** Returns the unregister. */
export function registerUserDataWiper(wiper: UserDataWiper): () => void {
  wipers.add(wiper);
  return () => void wipers.delete(wiper);
}

/** Runs every wiper; one that fails does not stop the others (their errors are returned). */
export async function runUserDataWipers(context: WipeContext): Promise<unknown[]> {
  const results = await Promise.allSettled([...wipers].map((wiper) => wiper(context)));
  return results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
}
