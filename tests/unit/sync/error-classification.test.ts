import { describe, expect, it } from 'vitest';
import { classifyFailure, RemoteError, toRemoteError } from '../../../src/remote/errors.ts';

describe('classifyFailure', () => {
  it.each([
    { failure: { status: 0, message: 'TypeError: fetch failed' }, kind: 'network' },
    { failure: { status: 408 }, kind: 'network' },
    { failure: { status: 500 }, kind: 'server' },
    { failure: { status: 503 }, kind: 'server' },
    { failure: { status: 429 }, kind: 'rate_limited' },
    { failure: { status: 409, code: '40001' }, kind: 'server' },
    { failure: { status: 500, code: '40P01' }, kind: 'server' },
    { failure: { status: 401, code: 'PGRST303', message: 'JWT expired' }, kind: 'auth' },
    { failure: { status: 401, code: 'PGRST301' }, kind: 'auth' },
    { failure: { status: 401 }, kind: 'auth' },
    { failure: { status: 401, code: '42501' }, kind: 'auth' },
    { failure: { status: 403, code: '42501', message: 'new row violates row-level security policy' }, kind: 'permanent' },
    { failure: { status: 409, code: '23P01' }, kind: 'conflict' },
    { failure: { status: 409, code: '23505' }, kind: 'conflict' },
    { failure: { status: 409, code: '23503' }, kind: 'permanent' },
    { failure: { status: 400, code: '23514' }, kind: 'permanent' },
    { failure: { status: 400, code: '22P02' }, kind: 'permanent' },
    { failure: { status: 400, code: 'P0001' }, kind: 'permanent' },
    { failure: { status: 400, code: 'PGRST100' }, kind: 'permanent' },
    { failure: { status: 404, code: '42P01' }, kind: 'permanent' },
  ] as const)('$failure.status $failure.code → $kind', ({ failure, kind }) => {
    const error = classifyFailure(failure);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.kind).toBe(kind);
    expect(error.isRetryable).toBe(kind === 'network' || kind === 'server' || kind === 'rate_limited');
  });

  it('reads Retry-After in seconds', () => {
    expect(classifyFailure({ status: 429, retryAfter: '7' }).retryAfterMs).toBe(7_000);
    expect(classifyFailure({ status: 429 }).retryAfterMs).toBeNull();
  });

  it('turns thrown fetch errors into network errors and keeps RemoteErrors', () => {
    expect(toRemoteError(new TypeError('Failed to fetch')).kind).toBe('network');
    const original = classifyFailure({ status: 409, code: '23P01' });
    expect(toRemoteError(original)).toBe(original);
  });
});
