// The backend's answers carry the signed-in user's rows, and neither PostgREST nor GoTrue marks them
// `Cache-Control: no-store` (hosted sends no caching header on them). So the app asks the browser never to
// store them: after a sign-out, a script could otherwise read the last user's answers back from the HTTP
// cache (`fetch(url, { cache: 'force-cache' })`). The service worker gives these paths no route either (sw/).

/** `fetch` for every supabase-js and postgrest-js request: the answer never enters the HTTP cache. */
export const noStoreFetch: typeof fetch = (input, init) => fetch(input, { ...init, cache: 'no-store' });
