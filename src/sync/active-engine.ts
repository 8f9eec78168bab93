// Which engine (if any) serves the current session. Deliberately tiny and Dexie-free, so the nav's
// status indicator can read it without pulling the database code into the landing route.
import { observableValue } from '../lib/observable-value.ts';
import type { SyncEngine } from './engine.ts';

const activeEngine = observableValue<SyncEngine | null>(null);

export const { get: getActiveEngine, set: setActiveEngine, subscribe: subscribeActiveEngine } = activeEngine;
