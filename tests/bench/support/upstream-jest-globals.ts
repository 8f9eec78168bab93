// Setup file of the upstream suites (tests/bench/upstream-suites.ts): they are written for jest, whose
// `jest.fn`, `jest.spyOn` and timer helpers vitest's `vi` provides under the same names.
import { vi } from 'vitest';

(globalThis as { jest?: unknown }).jest = vi;
