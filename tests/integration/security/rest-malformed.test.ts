// Malformed /rest/v1 requests, fuzz-style: over-long selects, deep embeds and logic trees, huge lists,
// broken JSON, garbage operators, NUL bytes and very long URLs. Every answer must be below 500 (the
// client's fault is a 4xx), and the server must keep serving after each batch.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPgrstError } from '../../../supabase/local/src/rest/errors.ts';
import { maxJsonDepth } from '../../../supabase/local/src/rest/request-body.ts';
import { maxLogicDepth } from '../../../supabase/local/src/rest/parse-filters.ts';
import { maxEmbedDepth } from '../../../supabase/local/src/rest/parse-select.ts';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

interface Probe {
  label: string;
  method?: string;
  /** sent byte for byte: may hold `%00`, unbalanced escapes and anything else */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  body: string;
  contentType: string;
}

const json = { 'Content-Type': 'application/json' };

/** A tiny deterministic PRNG, so a failing case can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const columns = (n: number) => Array.from({ length: n }, (_, i) => `c${i}:id`).join(',');
const nestedEmbed = (depth: number) => {
  let select = 'id';
  for (let i = 0; i < depth; i += 1) select = `id,p:categories!parent_id(${select})`;
  return select;
};
const nestedLogic = (depth: number, op = 'or') => {
  let tree = 'id.eq.1';
  for (let i = 0; i < depth; i += 1) tree = `${op}(${tree},id.eq.2)`;
  return tree;
};

describe.each(testEngines)('malformed rest requests on %s', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fixture, seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  function send(probe: Probe): Promise<Answer> {
    const url = new URL(t.url);
    const headers: Record<string, string> = { apikey: t.server.keys.serviceRoleKey, ...probe.headers };
    return new Promise((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, method: probe.method ?? 'GET', path: probe.path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), contentType: String(response.headers['content-type'] ?? '') }));
      });
      request.on('error', reject);
      if (probe.body !== undefined) request.write(probe.body);
      request.end();
    });
  }

  /** Sends every probe; collects the ones answered with a 5xx (or a 4xx that is not a JSON error). */
  async function failuresOf(probes: Probe[]): Promise<string[]> {
    const failures: string[] = [];
    for (const probe of probes) {
      const answer = await send(probe);
      const where = `${probe.label}: ${answer.status} ${answer.body.slice(0, 160)}`;
      if (answer.status >= 500 || answer.status === 0) failures.push(where);
      // Node's HTTP parser answers 414/431 itself, without a body; everything else is a PostgREST error.
      else if (answer.status >= 400 && answer.status !== 414 && answer.status !== 431) {
        try {
          const body = JSON.parse(answer.body) as { code?: unknown; message?: unknown };
          if (typeof body.message !== 'string' || typeof body.code !== 'string') failures.push(`${where} (not a PostgREST error body)`);
        } catch {
          failures.push(`${where} (not JSON)`);
        }
      }
    }
    return failures;
  }

  async function expectStillServing(): Promise<void> {
    const { data, error } = await t.anon().from('labels').select('id').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1 });
  }

  it('answers a select of more than 1,664 columns with 400, not Postgres\' 500', async () => {
    // Unencoded: `,` and `:` are fine in a query string, and 1,700 names must fit Node's 16 kB request head.
    for (const [label, select] of [
      ['1,700 aliased columns', columns(1700)],
      ['1,665 columns', Array(1665).fill('body').join(',')],
      ['200 stars of 10 columns', Array(200).fill('*').join(',')],
    ] as const) {
      const answer = await send({ label, path: `/rest/v1/messages?select=${select}` });
      expect(answer.status, label).toBe(400);
      expect(JSON.parse(answer.body), label).toMatchObject({ code: '54011', message: 'target lists can have at most 1664 entries' });
    }
    const inEmbed = await send({ label: 'in an embed', path: `/rest/v1/channels?select=id,messages(${columns(1700)})` });
    expect(inEmbed.status).toBe(400);
    const onWrite = await send({ label: 'returned by an insert', method: 'POST', path: `/rest/v1/labels?select=${columns(1700)}`, headers: { ...json, Prefer: 'return=representation' }, body: '{"id":9101,"name":"wide"}' });
    expect(onWrite.status).toBe(400);
    const fine = await send({ label: '1,600 columns', path: `/rest/v1/messages?select=${columns(1600)}&limit=1` });
    expect(fine.status).toBe(200);
    await expectStillServing();
  });

  it('refuses embeds nested deeper than the limit with a PGRST100, and serves the limit itself', async () => {
    const atLimit = await send({ label: 'at the limit', path: `/rest/v1/categories?select=${encodeURIComponent(nestedEmbed(maxEmbedDepth))}` });
    expect(atLimit.status).toBe(200);
    for (const depth of [maxEmbedDepth + 1, 100, 300]) {
      const answer = await send({ label: `depth ${depth}`, path: `/rest/v1/categories?select=${encodeURIComponent(nestedEmbed(depth))}` });
      expect(answer.status, `depth ${depth}`).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PGRST100', details: `embedded resources nest more than ${maxEmbedDepth} levels deep` });
    }
    await expectStillServing();
  });

  it('answers huge and deeply nested or=/and= trees and in.() lists with < 500', async () => {
    const probes: Probe[] = [
      { label: `or nested ${maxLogicDepth}`, path: `/rest/v1/messages?or=(${encodeURIComponent(nestedLogic(maxLogicDepth - 1))})` },
      { label: 'or nested 200', path: `/rest/v1/messages?or=(${encodeURIComponent(nestedLogic(200))})` },
      { label: 'not.and nested 400', path: `/rest/v1/messages?and=(${encodeURIComponent(nestedLogic(400, 'not.and'))})` },
      { label: 'or of 1,500 terms', path: `/rest/v1/messages?or=(${Array.from({ length: 1500 }, (_, i) => `id.eq.${i}`).join(',')})` },
      { label: 'or of 5,000 terms (URL too long)', path: `/rest/v1/messages?or=(${Array.from({ length: 5000 }, (_, i) => `id.eq.${i}`).join(',')})` },
      { label: 'in of 3,000 values', path: `/rest/v1/messages?id=in.(${Array.from({ length: 3000 }, (_, i) => i).join(',')})` },
      { label: 'in of garbage', path: `/rest/v1/messages?id=in.(${Array.from({ length: 500 }, (_, i) => `x${i}`).join(',')})` },
      { label: '2,000 repeated filters', path: `/rest/v1/messages?${Array.from({ length: 2000 }, (_, i) => `id=neq.${i}`).join('&')}` },
      { label: 'embed or nested 100', path: `/rest/v1/channels?select=id,messages(id)&messages.or=(${encodeURIComponent(nestedLogic(100))})` },
      { label: '2,000 order terms', path: `/rest/v1/messages?order=${Array(2000).fill('id.desc').join(',')}` },
      { label: 'unbalanced tree', path: `/rest/v1/messages?or=(${'('.repeat(500)}` },
      { label: 'empty nested trees', path: `/rest/v1/messages?or=(${'and('.repeat(50)}${')'.repeat(50)})` },
    ];
    expect(await failuresOf(probes)).toEqual([]);
    const nested = await send(probes[1]!);
    expect(nested.status).toBe(400);
    expect(JSON.parse(nested.body)).toMatchObject({ code: 'PGRST100', details: `logic trees nest more than ${maxLogicDepth} levels deep` });
    await expectStillServing();
  });

  it('answers invalid JSON bodies with 400 PGRST102 or a Postgres 4xx', async () => {
    const bodies = [
      '{', '}', '[', '{"id":', '{"id":1,}', "{'id':1}", 'undefined', 'NaN', '\u0000', '{"id":1}\u0000', '\ufeff{"id":1}',
      '{"id":1e999,"name":"x"}', '{"id":"\\ud800","name":"x"}', '{"id":9102,"name":"a\\u0000b"}', '[[[[[[[[[[', `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}`, '{"id":{"$gt":1},"name":"x"}', '[{"id":9103,"name":"x"},{"id":9104}]', '[1,"two",null]', 'true', 'null', '12',
    ];
    const probes: Probe[] = [];
    for (const [i, body] of bodies.entries()) {
      probes.push({ label: `insert body #${i}`, method: 'POST', path: '/rest/v1/labels', headers: json, body });
      probes.push({ label: `update body #${i}`, method: 'PATCH', path: '/rest/v1/labels?id=eq.1', headers: json, body });
      probes.push({ label: `rpc body #${i}`, method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body });
    }
    probes.push({ label: 'invalid UTF-8 body', method: 'POST', path: '/rest/v1/labels', headers: json, body: Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0xff, 0xfe, 0x7d]) });
    probes.push({ label: 'body with a 2,000-column object', method: 'POST', path: '/rest/v1/labels', headers: json, body: JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`c${i}`, i]))) });
    expect(await failuresOf(probes)).toEqual([]);
    const broken = await send({ label: 'broken', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":' });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'PGRST102' });
    const deep = await send({ label: 'deep', method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body: bodies[16] });
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body)).toMatchObject({ code: 'PGRST102', message: `The JSON body nests more than ${maxJsonDepth} levels deep` });
    const deepButFine = `{"id":9105,"name":"ok","x":${'['.repeat(maxJsonDepth - 1)}${']'.repeat(maxJsonDepth - 1)}}`;
    const atLimit = await send({ label: 'at the limit', method: 'POST', path: '/rest/v1/labels', headers: json, body: deepButFine });
    expect(JSON.parse(atLimit.body)).toMatchObject({ code: 'PGRST204' }); // parsed; `x` is just not a column
    await expectStillServing();
  });

  it('answers garbage operators, casts, paths and modifiers with 4xx (seeded fuzz)', async () => {
    const random = prng(20250601);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz().,:!*"\'\\{}[]->%&|~^$#@+=?<> 0123456789';
    const garbage = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const probes: Probe[] = [];
    for (let i = 0; i < 150; i += 1) {
      const value = encodeURIComponent(garbage(1 + Math.floor(random() * 40)));
      const kind = i % 5;
      if (kind === 0) probes.push({ label: `filter value ${i}`, path: `/rest/v1/messages?id=${value}` });
      else if (kind === 1) probes.push({ label: `select ${i}`, path: `/rest/v1/messages?select=${value}` });
      else if (kind === 2) probes.push({ label: `order ${i}`, path: `/rest/v1/messages?order=${value}` });
      else if (kind === 3) probes.push({ label: `or ${i}`, path: `/rest/v1/messages?or=(${value})` });
      else probes.push({ label: `filter name ${i}`, path: `/rest/v1/messages?${value}=eq.1` });
    }
    for (const op of ['eqq', 'EQ', 'eq()', 'eq(any', 'like(none)', 'fts(english', 'not.not.eq', 'in', 'is.maybe', 'cs', 'sl.(1', 'adj.[1', 'match.(', 'imatch.[z-a]', 'isdistinct']) {
      probes.push({ label: `operator ${op}`, path: `/rest/v1/messages?id=${encodeURIComponent(op)}.1` });
      probes.push({ label: `operator ${op} on text`, path: `/rest/v1/messages?body=${encodeURIComponent(op)}.1` });
    }
    for (const select of ['id::', 'id::int4[]', 'id::text[][]', 'id::"x"', `data${'->a'.repeat(2000)}`, 'data->99999999999999999999', '...channels', 'channels!!inner(id)', 'channels!inner!left!x(id)', 'id,id,id'.repeat(300)]) {
      probes.push({ label: `select ${select.slice(0, 30)}`, path: `/rest/v1/messages?select=${encodeURIComponent(select)}` });
    }
    for (const query of ['limit=99999999999999999999999', 'offset=99999999999999999999999', 'channels.limit=1e30', 'select=id,channels(id)&channels.offset=99999999999999999999', 'created_at=gt.not-a-date', 'score=gt.1e999999', 'tags=cs.{', 'data=cs.{"a":', 'id=eq.99999999999999999999']) {
      probes.push({ label: `query ${query}`, path: `/rest/v1/messages?${query}` });
    }
    probes.push({ label: 'bad percent escapes', path: '/rest/v1/messages?select=%E0%A4%A&id=eq.%FF' });
    probes.push({ label: 'bad percent escape in table', path: '/rest/v1/%E0%A4%A' });
    probes.push({ label: 'bad percent escape in rpc', path: '/rest/v1/rpc/%E0%A4%A' });
    probes.push({ label: 'huge Range', path: '/rest/v1/messages', headers: { Range: '0-99999999999999999999999' } });
    probes.push({ label: 'garbage Prefer', path: '/rest/v1/messages', headers: { Prefer: `count=exact,${'x'.repeat(4000)}` } });
    probes.push({ label: 'on_conflict garbage', method: 'POST', path: `/rest/v1/labels?on_conflict=${encodeURIComponent('"a""b",(')}`, headers: { ...json, Prefer: 'resolution=merge-duplicates' }, body: '{"id":1,"name":"x"}' });
    expect(await failuresOf(probes)).toEqual([]);
    await expectStillServing();
  });

  it('refuses NUL bytes anywhere in the request with a 4xx, never a broken connection', async () => {
    const probes: Probe[] = [
      { label: 'NUL in table', path: '/rest/v1/mess%00ages' },
      { label: 'NUL in rpc name', path: '/rest/v1/rpc/add%00numbers?a=1&b=2' },
      { label: 'NUL in select', path: '/rest/v1/messages?select=id%00' },
      { label: 'NUL in quoted select name', path: `/rest/v1/messages?select=${encodeURIComponent('"a\u0000b"')}` },
      { label: 'NUL in filter name', path: '/rest/v1/messages?i%00d=eq.1' },
      { label: 'NUL in filter value', path: '/rest/v1/messages?body=eq.a%00b' },
      { label: 'NUL in JSON path', path: '/rest/v1/messages?data->>a%00b=eq.1' },
      { label: 'NUL in order', path: '/rest/v1/messages?order=id%00' },
      { label: 'NUL in on_conflict', method: 'POST', path: '/rest/v1/labels?on_conflict=na%00me', headers: { ...json, Prefer: 'resolution=merge-duplicates' }, body: '{"id":1,"name":"x"}' },
      { label: 'NUL in columns', method: 'POST', path: '/rest/v1/labels?columns=id,na%00me', headers: json, body: '{"id":9110,"name":"x"}' },
      { label: 'escaped NUL in a body value', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":9111,"name":"a\\u0000b"}' },
      { label: 'escaped NUL in a body key', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":9112,"na\\u0000me":"x"}' },
      { label: 'escaped NUL in an rpc argument name', method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body: '{"a\\u0000":1,"b":2}' },
      { label: 'raw NUL in the body', method: 'POST', path: '/rest/v1/labels', headers: json, body: Buffer.from('{"id":9113,"name":"a\u0000b"}') },
    ];
    expect(await failuresOf(probes)).toEqual([]);
    const quoted = await send(probes[3]!);
    expect(quoted.status).toBe(400);
    expect(JSON.parse(quoted.body)).toMatchObject({ code: 'PGRST100' });
    await expectStillServing();
    // The connection the NUL would have broken is the one the next request gets.
    const after = await send({ label: 'after', path: '/rest/v1/labels?select=id&id=eq.1' });
    expect(after.status).toBe(200);
  });

  it('answers very long URLs and headers with 4xx', async () => {
    const probes: Probe[] = [
      { label: '15 kB select', path: `/rest/v1/messages?select=${'a'.repeat(15_000)}` },
      { label: '15 kB table', path: `/rest/v1/${'t'.repeat(15_000)}` },
      { label: '15 kB filter value', path: `/rest/v1/messages?body=eq.${'v'.repeat(15_000)}` },
      { label: '60 kB query', path: `/rest/v1/messages?x=${'a'.repeat(60_000)}` },
      { label: '200 kB query', path: `/rest/v1/messages?select=id&x=${'a'.repeat(200_000)}` },
      { label: 'long identifier', path: `/rest/v1/messages?select=${'b'.repeat(500)}` },
      { label: 'long Authorization', path: '/rest/v1/messages', headers: { Authorization: `Bearer ${'x'.repeat(8_000)}` } },
      { label: 'long Accept-Profile', path: '/rest/v1/messages', headers: { 'Accept-Profile': 'p'.repeat(4_000) } },
    ];
    const failures = await failuresOf(probes);
    expect(failures).toEqual([]);
    const tooLong = await send(probes[4]!);
    expect([414, 431]).toContain(tooLong.status);
    await expectStillServing();
  });

  it('maps Postgres errors the client caused to 4xx, as PostgREST does (and 54xxx to 400)', () => {
    const status = (code: string, message = 'x', role: 'anon' | 'authenticated' = 'authenticated') => toPgrstError({ code, message }, role).status;
    expect(status('54000')).toBe(400);
    expect(status('54001', 'stack depth limit exceeded')).toBe(400);
    expect(status('54011', 'target lists can have at most 1664 entries')).toBe(400);
    expect(status('54023', 'cannot pass more than 100 arguments to a function')).toBe(400);
    for (const code of ['22P02', '22003', '22007', '22021', '2201B', '42601', '42703', '42704', '42846', '42P10', '23502', '23514', 'P0001']) expect(status(code), code).toBe(400);
    expect(status('42501', 'permission denied', 'anon')).toBe(401);
    expect(status('42501')).toBe(403);
    expect(status('42P01')).toBe(404);
    expect(status('23505')).toBe(409);
    expect(status('25006')).toBe(405);
    // Server-side trouble stays 5xx, as in PostgREST.
    expect(status('XX000')).toBe(500);
    expect(status('08006')).toBe(503);
    expect(status('53300')).toBe(503);
  });
});
