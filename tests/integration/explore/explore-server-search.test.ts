// Explore's server search (docs/decisions/explore-server-search.md) over 2,000 listings: for every filter
// case of tests/bench/explore-filter-cases.ts the server's query (remote/explore-properties.ts, built from
// the filters by domain/listing-search.ts) finds exactly the listings the device's own filter keeps
// (domain/filters.ts), newest first, with their exact count, a page at a time; the stay (guests, dates)
// through listings_for_stay finds the listings offersRoomForStay keeps. On native Postgres the location
// search is answered by the trigram indexes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchListing, benchRooms, exploreFilterCases } from '../../bench/explore-filter-cases.ts';
import type { PropertyRow, RoomRow } from '../../../src/db/tables.ts';
import { filterProperties, type PropertyFilters } from '../../../src/domain/filters.ts';
import { listingSearchOf } from '../../../src/domain/listing-search.ts';
import { DEFAULT_STAY_FILTERS, offersRoomForStay, type ExploreSearch } from '../../../src/domain/stay-filters.ts';
import { EXPLORE_PAGE_SIZE, listingsSearchQuery } from '../../../src/remote/explore-properties.ts';
import type { AppClient } from '../../../src/remote/client.ts';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

const LISTINGS = 2000;
/** The stand-in's max_rows (config.toml): a whole answer fits in two reads. */
const READ = 1000;

const strip = <T extends { _v: number }>({ _v, ...row }: T) => row;
const newestFirst = (a: PropertyRow, b: PropertyRow) => (a.created_at !== b.created_at ? (a.created_at > b.created_at ? -1 : 1) : a.id > b.id ? -1 : 1);
const search = (filters: PropertyFilters, stay: Partial<ExploreSearch> = {}): ExploreSearch => ({ ...filters, ...DEFAULT_STAY_FILTERS, ...stay });

describe.each(testEngines)('Explore server search over 2,000 listings (%s)', (engine) => {
  let t: TestServer;
  let anon: AppClient;
  const listings: PropertyRow[] = [];
  const roomsOf = new Map<string, RoomRow[]>();

  /** Every listing the server finds for the search, in its order, and the count it answered. */
  async function searchAll(query: ExploreSearch): Promise<{ ids: string[]; total: number | null }> {
    const ids: string[] = [];
    let total: number | null = null;
    for (let offset = 0; total === null || offset < total; offset += READ) {
      const { data, error, count } = await listingsSearchQuery(anon, listingSearchOf(query), offset, READ);
      expect(error).toBeNull();
      total = count;
      ids.push(...(data ?? []).map((row) => (row as { id: string }).id));
      if ((data ?? []).length < READ) break;
    }
    return { ids, total };
  }

  beforeAll(async () => {
    t = await startTestServer({ engine });
    anon = t.anon() as unknown as AppClient;
    const host = await t.mintUser('bench.host@example.com');
    await t.server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'host') on conflict do nothing`, [host.id]);
    for (let index = 0; index < LISTINGS; index += 1) {
      const listing = benchListing(index, [host.id]);
      // some rooms hold two guests, some are switched off: the stay filter has something to tell apart
      const rooms = benchRooms(listing, index).map((room, n) => ({ ...room, capacity: (index + n) % 5 === 0 ? 2 : 1, is_available: (index + n) % 7 !== 0 }));
      listings.push(listing);
      roomsOf.set(listing.id, rooms);
    }
    const service = t.service();
    for (let start = 0; start < LISTINGS; start += 500) {
      const chunk = listings.slice(start, start + 500);
      const { error } = await service.from('properties').insert(chunk.map(({ _search, ...row }) => strip(row)));
      expect(error).toBeNull();
      const rooms = chunk.flatMap((listing) => roomsOf.get(listing.id)!);
      const { error: roomsError } = await service.from('rooms').insert(rooms.map(strip));
      expect(roomsError).toBeNull();
    }
    if (engine === 'postgres') await t.server.ctx.db.exec('analyze public.properties; analyze public.rooms;');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('listings_for_stay by raw anon RPC: a deleted listing is never found, guests below 1 refused with 400', async () => {
    // A listing of its own, with a free room, deleted (a tombstone): the seeded ones stay as the other tests expect.
    const gone = benchListing(LISTINGS + 1, [listings[0]!.host_id]);
    const { _search, ...row } = gone;
    expect((await t.service().from('properties').insert(strip(row))).error).toBeNull();
    expect((await t.service().from('rooms').insert(benchRooms(gone, 0).map(strip))).error).toBeNull();
    const found = await anon.rpc('listings_for_stay', { p_guests: 1 }).select('id').eq('id', gone.id);
    expect(found.data).toEqual([{ id: gone.id }]);
    expect((await t.service().from('properties').update({ deleted_at: new Date().toISOString() }).eq('id', gone.id)).error).toBeNull();
    const afterDelete = await anon.rpc('listings_for_stay', { p_guests: 1 }).select('id').eq('id', gone.id);
    expect(afterDelete.error).toBeNull();
    expect(afterDelete.data).toEqual([]);
    const refused = await anon.rpc('listings_for_stay', { p_guests: 0 });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('22023');
  });

  it('seeded 2,000 listings, 250 of them in Lisbon', () => {
    expect(listings).toHaveLength(LISTINGS);
    expect(listings.filter((listing) => listing.city === 'Lisbon')).toHaveLength(250);
  });

  it.each(exploreFilterCases)('%s: the listings the device filter keeps, newest first, with their exact count', async (_label, filters) => {
    const expected = filterProperties(listings, filters).sort(newestFirst).map((listing) => listing.id);
    const { ids, total } = await searchAll(search(filters));
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  it('"lisbon" finds every Lisbon listing, a page at a time: the second page follows the first', async () => {
    const expected = listings.filter((listing) => listing.city === 'Lisbon').sort(newestFirst).map((listing) => listing.id);
    const query = listingSearchOf(search({ ...exploreFilterCases[0]![1], location: 'lisbon' }));
    const first = await listingsSearchQuery(anon, query, 0);
    const second = await listingsSearchQuery(anon, query, EXPLORE_PAGE_SIZE);
    expect(first.count).toBe(250);
    expect(second.count).toBe(250);
    expect([...(first.data ?? []), ...(second.data ?? [])].map((row) => (row as { id: string }).id)).toEqual(expected.slice(0, 2 * EXPLORE_PAGE_SIZE));
  });

  it('takes location text literally: wildcards, regex and PostgREST syntax find nothing they should not', async () => {
    for (const location of ['%', '_', '.*', 'lis.on', 'lisbon,portugal', '(lisbon)', '"lisbon"', 'lisbon\\', '[a-z]']) {
      const expected = filterProperties(listings, { ...exploreFilterCases[0]![1], location }).length;
      const { total } = await searchAll(search({ ...exploreFilterCases[0]![1], location }));
      expect({ location, total }).toEqual({ location, total: expected });
    }
  });

  it.each([
    ['2 guests', { guests: 2 }],
    ['dates', { checkIn: '2031-03-01' as const, months: 2 }],
    ['dates + 2 guests + "portugal"', { checkIn: '2031-03-01' as const, months: 1, guests: 2, location: 'portugal' }],
  ])('the stay (%s): the listings with a room for it, as free_rooms_for_stay and the device rule say', async (_label, stay) => {
    const query = search(exploreFilterCases[0]![1], stay);
    const range = listingSearchOf(query).stay;
    let freeRoomIds: Set<string> | null = null;
    if (range?.checkIn && range.checkOut) {
      freeRoomIds = new Set();
      // every free room, a read at a time (an answer stops at max_rows)
      for (let offset = 0; ; offset += READ) {
        const { data, error } = await anon.rpc('free_rooms_for_stay', { p_check_in: range.checkIn, p_check_out: range.checkOut, p_guests: query.guests }).range(offset, offset + READ - 1);
        expect(error).toBeNull();
        for (const row of data ?? []) freeRoomIds.add(row.room_id);
        if ((data ?? []).length < READ) break;
      }
    }
    const expected = filterProperties(listings, query)
      .filter((listing) => offersRoomForStay(roomsOf.get(listing.id)!, query, freeRoomIds))
      .sort(newestFirst)
      .map((listing) => listing.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(filterProperties(listings, query).length);
    const { ids, total } = await searchAll(query);
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  // Last: it adds listings. At 2,000 a scan of the table is still cheaper than any index (about 60
  // pages), so the planner's choice is checked at 22,000.
  it.runIf(engine === 'postgres')('answers a location through the trigram indexes, not a scan of every listing', async () => {
    await t.server.ctx.db.query(
      `insert into public.properties (host_id, name, city, country, price_per_week, wifi_speed_mbps, created_at)
       select $1, 'Extra ' || g, (array['Ubud','Lisbon','Chiang Mai','Tulum','Medellín','Canggu','Porto','Tbilisi'])[1 + g % 8],
              (array['Indonesia','Portugal','Thailand','Mexico','Colombia','Indonesia','Portugal','Georgia'])[1 + g % 8],
              150 + g % 900, g % 300, timestamptz '2023-01-01' + g * interval '1 minute'
       from generate_series(1, 20000) g`,
      [listings[0]!.host_id],
    );
    // as autovacuum would: the GIN indexes' pending lists merged (the planner prices a long one high), statistics fresh
    await t.server.ctx.db.exec('vacuum analyze public.properties');
    const planOf = async (sql: string) => JSON.stringify((await t.server.ctx.db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`)).rows[0]!['QUERY PLAN']);
    const where = (needle: string) => `from public.properties where deleted_at is null and (city ~* '${needle}' or country ~* '${needle}')`;
    // a rare place: its page and its count; a common one's count (its page is the newest-first index, stopping at 24)
    for (const sql of [`select id ${where('atlantis')} order by created_at desc, id desc limit 24`, `select count(*) ${where('atlantis')}`, `select count(*) ${where('tbilisi')}`]) {
      const plan = await planOf(sql);
      expect({ sql, city: plan.includes('properties_city_trgm_idx'), country: plan.includes('properties_country_trgm_idx'), seqScan: plan.includes('Seq Scan') })
        .toEqual({ sql, city: true, country: true, seqScan: false });
    }
  });
});
