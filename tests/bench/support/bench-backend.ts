// The stand-in a bench's app runs against, called over HTTP: with the anon or the service key, and new guests
// made confirmed and onboarded through the admin API (sign-ups confirm e-mail first, as on hosted).
import { readRunningState } from '../../../supabase/local/src/local-state.ts';

export const demoPassword = 'nomadnest-demo'; // supabase/seed/README.md

export type BenchApi = (path: string, init?: RequestInit & { useServiceKey?: boolean }) => Promise<unknown>;

/** Calls the stand-in that runs on `dataDir`; throws when none runs there. */
export async function benchApi(dataDir: string): Promise<BenchApi> {
  const status = await readRunningState(dataDir);
  if (!status) throw new Error(`no stand-in runs on ${dataDir}`);
  return async function api(path, init = {}) {
    const key = init.useServiceKey ? status.service_role_key : status.anon_key;
    const response = await fetch(`${status.api_url}${path}`, { ...init, headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=representation', ...init.headers } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return body ? JSON.parse(body) : null;
  };
}

/** A confirmed guest who finished onboarding, signed in with demoPassword; `label` goes into the address and name. */
export async function newOnboardedGuest(api: BenchApi, label: string): Promise<{ id: string; email: string }> {
  const email = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
  const { id } = (await api('/auth/v1/admin/users', { method: 'POST', useServiceKey: true, body: JSON.stringify({ email, password: demoPassword, email_confirm: true, user_metadata: { full_name: `Bench ${label}`, role: 'guest' } }) })) as { id: string };
  await api(`/rest/v1/profiles?id=eq.${id}`, { method: 'PATCH', useServiceKey: true, body: JSON.stringify({ onboarding_complete: true }) });
  return { id, email };
}
