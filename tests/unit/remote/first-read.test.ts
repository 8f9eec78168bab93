// A public page's first read (src/remote/first-read.ts): the URLs it asks (the same as the app's own reads
// through supabase-js), what each answer becomes (a failure is undefined, so the app asks again), and the
// hand-off: read for rendering as often as needed, taken by the app's fetch once, only for its own URL.
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { listingsSearchQuery } from '../../../src/remote/explore-properties.ts';
import { firstRead, firstReadTotal, listingsReadUrl, PROPERTY_WITH_ROOMS, propertyReadUrl, startFirstRead } from '../../../src/remote/first-read.ts';

const supabaseUrl = 'https://abc.supabase.co';
const id = 'b0000000-0000-4000-8000-000000000001';
const url = propertyReadUrl(supabaseUrl, id);
const row = { id, name: 'Villa', rooms: [] };

const answering = (response: Response | Error) =>
  vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });

/** A URL's parameters, whatever their order. */
const paramsOf = (href: string) => [...new URL(href).searchParams.entries()].sort();

afterEach(() => {
  delete (globalThis as Record<string, unknown>).__nomadnestFirstRead;
});

describe('first read', () => {
  it('asks PostgREST with the public key', async () => {
    const fetchImpl = answering(Response.json([row]));
    await startFirstRead(url, 'public-key', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(url, { headers: { apikey: 'public-key', Authorization: 'Bearer public-key', Accept: 'application/json' } });
    expect(url).toBe(`https://abc.supabase.co/rest/v1/properties?select=*%2Crooms%28*%29&id=eq.${id}`);
    expect(propertyReadUrl(`${supabaseUrl}/`, id)).toBe(url);
  });

  it('reads what the app reads through supabase-js', async () => {
    const asked: string[] = [];
    const supabase = createClient(supabaseUrl, 'public-key', {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket }, // Node 20 has none of its own
      global: {
        fetch: async (input: RequestInfo | URL) => {
          asked.push(String(input instanceof Request ? input.url : input));
          return Response.json([]);
        },
      },
    });
    // a search without filters, first page: what Explore's document reads
    await listingsSearchQuery(supabase, { location: '', maxWeeklyPrice: null, minWifi: null, stay: null }, 0);
    await supabase.from('properties').select(PROPERTY_WITH_ROOMS).eq('id', id);
    expect(asked.map(paramsOf)).toEqual([paramsOf(listingsReadUrl(supabaseUrl)), paramsOf(url)]);
    expect(asked.map((href) => new URL(href).pathname)).toEqual(['/rest/v1/properties', '/rest/v1/properties']);
  });

  it.each([
    ['a row', Response.json([row]), [row]],
    ['no row the public may read', Response.json([]), []],
    ['an error status', Response.json({ code: '22P02', message: 'invalid input syntax for type uuid' }, { status: 400 }), undefined],
    ['a server error', new Response('bad gateway', { status: 502 }), undefined],
    ['not JSON', new Response('<html>', { status: 200 }), undefined],
    ['not an array', Response.json({ id }), undefined],
    ['an array of something else', Response.json([1, null]), undefined],
    ['no answer (offline)', new TypeError('Failed to fetch'), undefined],
  ])('%s', async (_case, answer, expected) => {
    await expect(startFirstRead(url, 'public-key', answering(answer))).resolves.toEqual(expected);
  });

  it('asks Explore\'s catalogue with its exact count, and hands the count over with the rows', async () => {
    const listings = listingsReadUrl(supabaseUrl);
    const fetchImpl = answering(Response.json([row], { headers: { 'Content-Range': '0-0/2000' } }));
    await startFirstRead(listings, 'public-key', fetchImpl, { count: true });
    expect(fetchImpl).toHaveBeenCalledWith(listings, { headers: { apikey: 'public-key', Authorization: 'Bearer public-key', Accept: 'application/json', Prefer: 'count=exact' } });
    await expect(firstRead(listings, { take: true })).resolves.toEqual([row]);
    // taken or not, the count stays for the page's count line
    await expect(firstReadTotal(listings)).resolves.toBe(2000);
    expect(firstReadTotal(url)).toBeNull();
  });

  it('hands the read over for its URL only: to render from as often as needed, to the app’s fetch once', async () => {
    expect(firstRead(url, { take: false })).toBeNull();
    expect(firstRead(url, { take: true })).toBeNull();
    void startFirstRead(url, 'public-key', answering(Response.json([row])));
    const another = propertyReadUrl(supabaseUrl, 'another-listing');
    expect(firstRead(another, { take: false })).toBeNull();
    expect(firstRead(another, { take: true })).toBeNull();
    await expect(firstRead(url, { take: false })).resolves.toEqual([row]);
    await expect(firstRead(url, { take: true })).resolves.toEqual([row]);
    expect(firstRead(url, { take: true })).toBeNull();
    // The page may still render from it.
    await expect(firstRead(url, { take: false })).resolves.toEqual([row]);
  });
});
