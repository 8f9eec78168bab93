// A public page's first read (docs/decisions/first-reads.md): the REST read a prerendered document starts
// with an inlined script while the browser is still downloading the app, with the public key, and hands to
// the app: the property page renders from it until its mirror has the listing, and a signed-out visitor's
// fetch (of the listing, or of Explore's catalogue) takes its answer instead of asking again.
// Plain fetch on purpose: the inlined scripts must stay small, without supabase-js.

import { readStoredSession } from './session-storage.ts';

/** What the property page reads of a listing (one source for its first read and fetchPropertyDetail). */
export const PROPERTY_WITH_ROOMS = '*,rooms(*)';

/** How many listings one page of Explore's search brings (docs/decisions/explore-server-search.md). */
export const EXPLORE_PAGE_SIZE = 24;

/**
 * Explore's catalogue read (docs/product.md §7 "select all with nested rooms"): listed properties with their
 * rooms and public reviews, newest first (equal times by id), tombstones left out; this is the first page
 * of a search without filters. One source for its first read and the search's query (explore-properties.ts;
 * tests/unit/remote/first-read.test.ts holds supabase-js's URL to this one).
 */
export const LISTINGS_QUERY = {
  select: '*,rooms(*),property_reviews(*)',
  deleted_at: 'is.null',
  order: 'created_at.desc,id.desc',
  offset: '0',
  limit: String(EXPLORE_PAGE_SIZE),
} as const;

export type FirstReadRecord = Record<string, unknown>;

/** The rows PostgREST answered; undefined when the read failed (offline, an error status, not JSON): the app then asks itself. */
export type FirstReadRows = FirstReadRecord[] | undefined;

interface FirstRead {
  url: string;
  rows: Promise<FirstReadRows>;
  /** the exact count of rows the query matches, when the read asked for it (Explore's catalogue) */
  total: Promise<number | undefined>;
  taken: boolean;
}

/** Where the inlined script leaves the read for the app's modules (they load later, from other files). */
const HANDOFF_KEY = '__nomadnestFirstRead';

type HandoffHolder = { [HANDOFF_KEY]?: FirstRead };
const holder = (): HandoffHolder => globalThis as HandoffHolder;

export function restReadUrl(supabaseUrl: string, table: string, query: Readonly<Record<string, string>>): string {
  const url = new URL(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/${table}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

export const propertyReadUrl = (supabaseUrl: string, propertyId: string): string =>
  restReadUrl(supabaseUrl, 'properties', { select: PROPERTY_WITH_ROOMS, id: `eq.${propertyId}` });

export const listingsReadUrl = (supabaseUrl: string): string => restReadUrl(supabaseUrl, 'properties', LISTINGS_QUERY);

interface ReadAnswer {
  rows: FirstReadRows;
  total: number | undefined;
}

/** The total of a Content-Range header (0-23/2000, or an asterisk and /0 for none); undefined when it names no total. */
export function contentRangeTotal(header: string | null): number | undefined {
  const total = header?.split('/')[1];
  return total !== undefined && /^\d+$/.test(total) ? Number(total) : undefined;
}

async function readRows(url: string, publicKey: string, fetchImpl: typeof fetch, count: boolean): Promise<ReadAnswer> {
  try {
    const headers: Record<string, string> = { apikey: publicKey, Authorization: `Bearer ${publicKey}`, Accept: 'application/json' };
    if (count) headers.Prefer = 'count=exact';
    const response = await fetchImpl(url, { headers });
    if (!response.ok) return { rows: undefined, total: undefined };
    const rows: unknown = await response.json();
    const isRows = Array.isArray(rows) && rows.every((row) => row !== null && typeof row === 'object');
    return isRows ? { rows: rows as FirstReadRecord[], total: count ? contentRangeTotal(response.headers.get('Content-Range')) : undefined } : { rows: undefined, total: undefined };
  } catch {
    return { rows: undefined, total: undefined };
  }
}

/** Whether this device keeps no user's session (the app's own reads then go with the public key too). */
export const hasNoKeptSession = (): boolean => readStoredSession() === null;

/** Starts the read and leaves it where the app finds it (called by an inlined script). */
export function startFirstRead(url: string, publicKey: string, fetchImpl: typeof fetch = fetch, { count = false }: { count?: boolean } = {}): Promise<FirstReadRows> {
  const answer = readRows(url, publicKey, fetchImpl, count);
  const rows = answer.then((read) => read.rows);
  holder()[HANDOFF_KEY] = { url, rows, total: answer.then((read) => read.total), taken: false };
  return rows;
}

/**
 * The first read of this URL, if this page load started one: to render from (`take: false`, as often as
 * needed), or for the app's own fetch (`take: true`, once: a later refetch asks the server again rather
 * than reuse an answer from the page's load).
 */
export function firstRead(url: string, { take }: { take: boolean }): Promise<FirstReadRows> | null {
  const read = holder()[HANDOFF_KEY];
  if (read?.url !== url || (take && read.taken)) return null;
  if (take) read.taken = true;
  return read.rows;
}

/** The exact count the first read of this URL answered (started with `count`), whether or not its rows were taken. */
export function firstReadTotal(url: string): Promise<number | undefined> | null {
  const read = holder()[HANDOFF_KEY];
  return read?.url === url ? read.total : null;
}
