// Compressed answers as hosted Supabase's gateway sends them (supabase/local/src/http/compression.ts): JSON
// from REST, auth and storage of at least 100 bytes in br or gzip as Accept-Encoding asks, with Vary:
// Accept-Encoding; plain for identity, small answers and HEAD; storage objects (ETag) byte for byte, Range or
// not. Raw node:http requests see the bytes on the wire (fetch would decode them); supabase-js reads through.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject } from './support/fidelity-project.ts';
import { startTestServer, type TestServer } from './support/start.ts';

interface WireAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** the body as sent, not decoded */
  bytes: Buffer;
}

function onTheWire(url: string, headers: Record<string, string>, options: { method?: string; body?: string } = {}): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: options.method ?? 'GET', headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, bytes: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

/** The answer's body decoded as its Content-Encoding says; its Content-Length is the bytes sent. */
function decoded(answer: WireAnswer): string {
  expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
  const encoding = answer.headers['content-encoding'];
  return (encoding ? decoders[encoding]!(answer.bytes) : answer.bytes).toString('utf8');
}

// The HTTP layer only, so one engine.
describe('response compression of the stand-in', () => {
  let t: TestServer;
  let keyHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await startTestServer({ engine: 'pglite', projectDir: fidelityProject, seed: true });
    const key = t.server.keys.serviceRoleKey;
    keyHeaders = { apikey: key, authorization: `Bearer ${key}` };
    const rows = Array.from({ length: 300 }, (_, i) => ({ title: `task number ${i} with a title long enough to repeat`, priority: i % 5 }));
    expect((await t.service().from('tasks').insert(rows)).error).toBeNull();
    expect((await t.service().storage.createBucket('docs')).error).toBeNull();
  });
  afterAll(async () => {
    await t?.close();
  });

  const tasks = '/rest/v1/tasks?select=*&order=id';

  it('compresses a REST answer in gzip or br as Accept-Encoding asks, with Vary, CORS and Content-Range kept', async () => {
    const plain = await onTheWire(`${t.url}${tasks}`, { ...keyHeaders, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = decoded(plain);
    expect((JSON.parse(json) as unknown[]).length).toBeGreaterThanOrEqual(300);

    for (const [acceptEncoding, expected] of [['gzip', 'gzip'], ['gzip, deflate', 'gzip'], ['gzip, deflate, br, zstd', 'br'], ['br;q=0.5, gzip', 'gzip']] as const) {
      const answer = await onTheWire(`${t.url}${tasks}`, { ...keyHeaders, 'accept-encoding': acceptEncoding });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(answer.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['content-range']).toBe(plain.headers['content-range']);
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
      expect(answer.bytes.length, acceptEncoding).toBeLessThan(plain.bytes.length / 4);
      expect(decoded(answer), acceptEncoding).toBe(json);
    }
  });

  it('answers plain without Accept-Encoding, for an answer under 100 bytes and for HEAD', async () => {
    const none = await onTheWire(`${t.url}${tasks}`, keyHeaders);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.bytes.toString('utf8'))).toHaveLength(303);

    const small = await onTheWire(`${t.url}/rest/v1/tasks?select=id&limit=1`, { ...keyHeaders, 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decoded(small))).toEqual([{ id: 1 }]);

    const head = await onTheWire(`${t.url}${tasks}`, { ...keyHeaders, 'accept-encoding': 'gzip' }, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.bytes.length).toBe(0);
  });

  it('reads through supabase-js (fetch sends gzip, deflate and decodes)', async () => {
    const { data, error } = await t.anon().from('tasks').select('*').order('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(303);
  });

  it('compresses auth JSON: the session of a password sign-in', async () => {
    const user = await t.signUp(`compress-${Date.now().toString(36)}@example.com`, 'compression-password');
    const answer = await onTheWire(
      `${t.url}/auth/v1/token?grant_type=password`,
      { apikey: t.server.keys.anonKey, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      { method: 'POST', body: JSON.stringify({ email: user.email, password: 'compression-password' }) },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(answer))).toMatchObject({ token_type: 'bearer', user: { email: user.email } });
  });

  it('compresses a storage listing but serves an object (ETag) byte for byte, with or without Range', async () => {
    const document = Buffer.from(JSON.stringify({ notes: Array.from({ length: 100 }, (_, i) => `note ${i}`) }));
    const storage = t.service().storage.from('docs');
    expect((await storage.upload('notes/a.json', document, { contentType: 'application/json' })).error).toBeNull();
    expect((await storage.upload('notes/b.json', document, { contentType: 'application/json' })).error).toBeNull();

    const listing = await onTheWire(
      `${t.url}/storage/v1/object/list/docs`,
      { ...keyHeaders, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      { method: 'POST', body: JSON.stringify({ prefix: 'notes', limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } }) },
    );
    expect(listing.status).toBe(200);
    expect(listing.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(decoded(listing)) as { name: string }[]).map((entry) => entry.name)).toEqual(['a.json', 'b.json']);
    const { data: listed, error } = await storage.list('notes');
    expect(error).toBeNull();
    expect(listed?.map((entry) => entry.name)).toEqual(['a.json', 'b.json']);

    for (const extra of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
      const object = await onTheWire(`${t.url}/storage/v1/object/docs/notes/a.json`, { ...keyHeaders, 'accept-encoding': 'gzip, br', ...extra });
      expect(object.status).toBe(200);
      expect(object.headers['content-encoding']).toBeUndefined();
      expect(object.headers.etag).toBeTruthy();
      expect(object.bytes.equals(document)).toBe(true);
    }
    const downloaded = await storage.download('notes/a.json');
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(document)).toBe(true);
  });
});
