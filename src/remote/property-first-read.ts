// The property page's first read (docs/decisions/property-first-read.md): the listing with its rooms,
// fetched with the public key by a script inlined in the prerendered property document, so the request
// starts while the browser is still downloading the app. The page renders from it until its mirror has
// the listing, and a signed-out visitor's fetchPropertyDetail takes its answer instead of asking again.
// Plain fetch on purpose: the inlined script must stay a few hundred bytes, without supabase-js.

/** What the page reads of a listing (one source for the first read and fetchPropertyDetail). */
export const PROPERTY_WITH_ROOMS = '*,rooms(*)';

export type PropertyRecord = Record<string, unknown> & { rooms?: unknown };

/**
 * The listing as PostgREST answered it; null when there is none the public may read; undefined when the
 * read failed (offline, an error status, not JSON): the app then asks the server itself.
 */
export type FirstReadResult = PropertyRecord | null | undefined;

interface FirstRead {
  propertyId: string;
  result: Promise<FirstReadResult>;
  taken: boolean;
}

/** Where the inlined script leaves the read for the app's modules (they load later, from other files). */
const HANDOFF_KEY = '__nomadnestPropertyFirstRead';

type HandoffHolder = { [HANDOFF_KEY]?: FirstRead };
const holder = (): HandoffHolder => globalThis as HandoffHolder;

export function propertyReadUrl(supabaseUrl: string, propertyId: string): string {
  const url = new URL(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/properties`);
  url.searchParams.set('select', PROPERTY_WITH_ROOMS);
  url.searchParams.set('id', `eq.${propertyId}`);
  return url.href;
}

async function readProperty(url: string, publicKey: string, fetchImpl: typeof fetch): Promise<FirstReadResult> {
  try {
    const response = await fetchImpl(url, { headers: { apikey: publicKey, Authorization: `Bearer ${publicKey}`, Accept: 'application/json' } });
    if (!response.ok) return undefined;
    const rows: unknown = await response.json();
    if (!Array.isArray(rows)) return undefined;
    const [row] = rows as unknown[];
    return row && typeof row === 'object' ? (row as PropertyRecord) : null;
  } catch {
    return undefined;
  }
}

/** Starts the read and leaves it where the app finds it (called by the inlined script). */
export function startPropertyFirstRead(
  propertyId: string,
  backend: { supabaseUrl: string; publicKey: string },
  fetchImpl: typeof fetch = fetch,
): Promise<FirstReadResult> {
  const result = readProperty(propertyReadUrl(backend.supabaseUrl, propertyId), backend.publicKey, fetchImpl);
  holder()[HANDOFF_KEY] = { propertyId, result, taken: false };
  return result;
}

/** The first read of this listing, if one was started on this page load (for rendering; may be read often). */
export function propertyFirstRead(propertyId: string): Promise<FirstReadResult> | null {
  const read = holder()[HANDOFF_KEY];
  return read?.propertyId === propertyId ? read.result : null;
}

/**
 * The first read of this listing for the app's own fetch, once: a later refetch (another visit, a new
 * session) asks the server again rather than reuse an answer from the page's load.
 */
export function takePropertyFirstRead(propertyId: string): Promise<FirstReadResult> | null {
  const read = holder()[HANDOFF_KEY];
  if (read?.propertyId !== propertyId || read.taken) return null;
  read.taken = true;
  return read.result;
}
