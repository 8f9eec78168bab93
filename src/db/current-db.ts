import { observableValue } from '../lib/observable-value.ts';
import type { AppDb } from './db.ts';

// The database of the current session. Set by the session bootstrap (sign-in, sign-out) and read by
// the live-query hooks, so features need no provider and never open a database themselves.
const currentDb = observableValue<AppDb | null>(null);

export const { get: getCurrentDb, set: setCurrentDb, subscribe: subscribeCurrentDb } = currentDb;
