// Setup file of the upstream suites (tests/bench/upstream-suites.ts). postgrest-js's tests (and a few of auth-js's)
// send no apikey: the CLI's gateway lets such requests through as anon, while hosted Supabase and the stand-in
// answer 401 "No API key found in request". So requests to the stand-in without one get the anon key, as the CLI
// would treat them.
export {};

const origin = process.env.UPSTREAM_API_ORIGIN;
const anonKey = process.env.UPSTREAM_ANON_KEY;

if (origin && anonKey) {
  const send = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== origin || request.headers.has('apikey')) return send(input, init);
    const headers = new Headers(request.headers);
    headers.set('apikey', anonKey);
    return send(new Request(request, { headers }));
  };
}
