// The one error contract of src/remote (src/remote/errors.ts): whatever a supabase-js call, a function or a
// fetch failed with becomes a RemoteError of a kind, keeping the server's code, status and hint.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorMessage } from '../../../src/lib/error-message.ts';
import { RemoteError, type RemoteErrorKind } from '../../../src/remote/errors.ts';
import { fromFunctionsInvoke, fromSupabase } from '../../../src/remote/supabase-errors.ts';

describe('fromSupabase', () => {
  it.each<[string, unknown, number | undefined, RemoteErrorKind, string | null]>([
    // PostgREST (PostgrestError: message, code, hint, details; the status comes beside it)
    ['a trigger refusal (P0001)', { message: 'Only paid requests can be accepted', code: 'P0001', hint: 'Cannot accept booking' }, 400, 'permanent', 'P0001'],
    ['an RLS refusal', { message: 'new row violates row-level security policy', code: '42501' }, 403, 'permanent', '42501'],
    ['an RLS refusal as anon (no session)', { message: 'permission denied', code: '42501' }, 401, 'auth', '42501'],
    ['an expired JWT', { message: 'JWT expired', code: 'PGRST303' }, 401, 'auth', 'PGRST303'],
    ['a double booking', { message: 'conflicting key value violates exclusion constraint', code: '23P01' }, 409, 'conflict', '23P01'],
    ['no row for .single() without a status', { message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' }, undefined, 'permanent', 'PGRST116'],
    ['a rejected fetch (postgrest-js: no code, status 0)', { message: 'TypeError: Failed to fetch', code: '', hint: '', details: '' }, 0, 'network', null],
    ['a serialization failure', { message: 'could not serialize access', code: '40001' }, 500, 'server', '40001'],
    // auth-js (AuthApiError: message, status, code)
    ['wrong password', { message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' }, undefined, 'permanent', 'invalid_credentials'],
    ['too many sign-ins', { message: 'Request rate limit reached', status: 429, code: 'over_request_rate_limit' }, undefined, 'rate_limited', 'over_request_rate_limit'],
    ['auth offline (AuthRetryableFetchError: status 0)', { message: 'Failed to fetch', status: 0, name: 'AuthRetryableFetchError' }, undefined, 'network', null],
    // storage-js (StorageApiError: message, status as a number or statusCode as a string)
    ['a storage refusal', { message: 'The object exceeded the maximum allowed size', statusCode: '413' }, undefined, 'permanent', null],
  ])('%s', (_name, error, status, kind, code) => {
    const remote = fromSupabase(error, status);
    expect(remote).toBeInstanceOf(RemoteError);
    expect(remote).toMatchObject({ kind, code, message: (error as { message: string }).message });
  });

  it('keeps the hint, where the bookings trigger puts the toast title', () => {
    expect(fromSupabase({ message: 'Only paid requests can be accepted', code: 'P0001', hint: 'Cannot accept booking' }, 400).hint).toBe('Cannot accept booking');
  });

  it('passes a RemoteError through', () => {
    const error = new RemoteError('conflict', 'taken', { code: '23P01' });
    expect(fromSupabase(error)).toBe(error);
  });
});

describe('fromFunctionsInvoke', () => {
  const httpError = (status: number, body: string, headers: Record<string, string> = {}) => ({ name: 'FunctionsHttpError', context: new Response(body, { status, headers }) });

  it.each<[string, ReturnType<typeof httpError>, RemoteErrorKind, string, string | null]>([
    ["our function's refusal { error, code }", httpError(409, '{"error":"Those dates were just taken","code":"dates_unavailable"}'), 'permanent', 'Those dates were just taken', 'dates_unavailable'],
    ["the gateway's bad JWT { code, message }", httpError(401, '{"code":"UNAUTHORIZED_LEGACY_JWT","message":"Invalid JWT","msg":"Invalid JWT"}'), 'auth', 'Invalid JWT', 'UNAUTHORIZED_LEGACY_JWT'],
    ["an older gateway's bad JWT { msg }", httpError(401, '{"msg":"Invalid JWT"}'), 'auth', 'Invalid JWT', null],
    ['a crash with a text body', httpError(502, 'Bad gateway'), 'server', 'pay failed (HTTP 502)', null],
    ['a rate limit', httpError(429, '{"error":"Too many requests"}', { 'retry-after': '3' }), 'rate_limited', 'Too many requests', null],
  ])('%s', async (_name, error, kind, message, code) => {
    const remote = await fromFunctionsInvoke('pay', error);
    expect(remote).toMatchObject({ kind, message, code });
  });

  it('reads Retry-After', async () => {
    expect((await fromFunctionsInvoke('pay', httpError(429, '{}', { 'retry-after': '3' }))).retryAfterMs).toBe(3000);
  });

  it('a relay error without an answer is a network failure', async () => {
    expect(await fromFunctionsInvoke('pay', new TypeError('Failed to fetch'))).toMatchObject({ kind: 'network' });
  });
});

describe('the words a screen shows for each kind', () => {
  it.each<[RemoteError, string]>([
    [new RemoteError('network', 'TypeError: Failed to fetch'), ERROR_TEXTS.offline],
    [new RemoteError('auth', 'Session expired'), ERROR_TEXTS.sessionExpired],
    [fromSupabase({ message: 'new row violates row-level security policy', code: '42501' }, 403), ERROR_TEXTS.notAllowed],
    [fromSupabase({ message: 'Only paid requests can be accepted', code: 'P0001' }, 400), 'Only paid requests can be accepted'],
  ])('%s', (error, text) => {
    expect(errorMessage(error)).toBe(text);
  });
});

describe('src/remote throws only RemoteError', () => {
  const dir = 'src/remote';
  const sources = readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && file !== 'errors.ts')
    .map((file) => [file, readFileSync(`${dir}/${file}`, 'utf8')] as const);

  it('never rethrows a supabase-js error as it came', () => {
    const raw = sources.filter(([, source]) => /if \((?:\w+\.)?error\) throw (?:\w+\.)?error;/.test(source)).map(([file]) => file);
    expect(raw).toEqual([]);
  });

  it('declares no error class of its own', () => {
    const classes = sources.filter(([, source]) => /class \w+ extends Error/.test(source)).map(([file]) => file);
    expect(classes).toEqual([]);
  });
});
