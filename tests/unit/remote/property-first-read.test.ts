// The property page's first read (src/remote/property-first-read.ts): the URL it asks, what each answer
// becomes (a failure is undefined, so the app asks again), and the hand-off to the app: read by the page
// as often as it likes, taken by its own fetch once, and only for the listing it was started for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { propertyFirstRead, propertyReadUrl, startPropertyFirstRead, takePropertyFirstRead } from '../../../src/remote/property-first-read.ts';

const backend = { supabaseUrl: 'https://abc.supabase.co/', publicKey: 'public-key' };
const id = 'b0000000-0000-4000-8000-000000000001';
const row = { id, name: 'Villa', rooms: [] };

const answering = (response: Response | Error) => vi.fn<typeof fetch>(async () => {
  if (response instanceof Error) throw response;
  return response;
});

afterEach(() => {
  delete (globalThis as Record<string, unknown>).__nomadnestPropertyFirstRead;
});

describe('property first read', () => {
  it('asks PostgREST for the listing with its rooms, with the public key', async () => {
    const fetchImpl = answering(Response.json([row]));
    await startPropertyFirstRead(id, backend, fetchImpl);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(propertyReadUrl(backend.supabaseUrl, id));
    expect(String(url)).toBe(`https://abc.supabase.co/rest/v1/properties?select=*%2Crooms%28*%29&id=eq.${id}`);
    expect(init?.headers).toEqual({ apikey: 'public-key', Authorization: 'Bearer public-key', Accept: 'application/json' });
  });

  it.each([
    ['a row', Response.json([row]), row],
    ['no row the public may read', Response.json([]), null],
    ['an error status', Response.json({ code: '22P02', message: 'invalid input syntax for type uuid' }, { status: 400 }), undefined],
    ['a server error', new Response('bad gateway', { status: 502 }), undefined],
    ['not JSON', new Response('<html>', { status: 200 }), undefined],
    ['not an array', Response.json({ id }), undefined],
    ['no answer (offline)', new TypeError('Failed to fetch'), undefined],
  ])('%s → %j', async (_case, answer, expected) => {
    await expect(startPropertyFirstRead(id, backend, answering(answer))).resolves.toEqual(expected);
  });

  it('hands the read to the page for its listing only, and to the app’s fetch once', async () => {
    expect(propertyFirstRead(id)).toBeNull();
    expect(takePropertyFirstRead(id)).toBeNull();
    void startPropertyFirstRead(id, backend, answering(Response.json([row])));
    expect(propertyFirstRead('another-listing')).toBeNull();
    expect(takePropertyFirstRead('another-listing')).toBeNull();
    await expect(propertyFirstRead(id)).resolves.toEqual(row);
    await expect(propertyFirstRead(id)).resolves.toEqual(row);
    await expect(takePropertyFirstRead(id)).resolves.toEqual(row);
    expect(takePropertyFirstRead(id)).toBeNull();
    // The page may still render from it.
    await expect(propertyFirstRead(id)).resolves.toEqual(row);
  });
});
