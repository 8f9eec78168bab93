// The session the page mirrors for the service worker's Background Sync push (src/db/sw-session.ts).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseNameFor } from '../../../src/db/db.ts';
import { clearServiceWorkerSession, readServiceWorkerSession, saveServiceWorkerSession } from '../../../src/db/sw-session.ts';

describe('service worker session store', () => {
  it('keeps one record: the last signed-in session, gone after sign-out', async () => {
    const options = { name: `sw-session-${randomUUID()}` };
    expect(await readServiceWorkerSession(options)).toBeNull();

    await saveServiceWorkerSession({ userId: 'user-a', accessToken: 'token-1', expiresAt: 1_000 }, options);
    await saveServiceWorkerSession({ userId: 'user-b', accessToken: 'token-2', expiresAt: 2_000 }, options);
    expect(await readServiceWorkerSession(options)).toEqual({
      userId: 'user-b', accessToken: 'token-2', expiresAt: 2_000, dbName: databaseNameFor('user-b'), savedAt: expect.any(Number),
    });

    await clearServiceWorkerSession(options);
    expect(await readServiceWorkerSession(options)).toBeNull();
  });
});
