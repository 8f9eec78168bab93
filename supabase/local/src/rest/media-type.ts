// Content negotiation of PostgREST (MediaType.hs, Plan/Negotiate.hs): the first type of the Accept
// header this server can produce wins; none → 406 PGRST107. JSON (array or vnd.pgrst.object, with
// `nulls=stripped`), text/csv, application/geo+json, and application/vnd.pgrst.plan when
// `pgrst.db_plan_enabled` is on.
import { PgrstError } from './errors.ts';

/** What a response body is built as. */
export type BodyKind = 'json' | 'object' | 'csv' | 'geojson';

export const planOptions = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof planOptions)[number];

export interface PlanMedia {
  format: 'json' | 'text';
  /** the media type whose query is explained (`for="…"`, default application/json) */
  for: Exclude<ResponseMedia, { kind: 'plan' }>;
  options: PlanOption[];
  /** the Content-Type of the answer */
  mime: string;
}

export type ResponseMedia =
  | { kind: BodyKind; stripNulls: boolean }
  | { kind: 'plan'; stripNulls: false; plan: PlanMedia };

const defaultMedia: ResponseMedia = { kind: 'json', stripNulls: false };

interface Offer {
  /** lower-cased type/subtype */
  type: string;
  params: string[];
  q: number;
  /** as PostgREST names it in PGRST107 */
  mime: string;
}

function parseAccept(accept: string): Offer[] {
  const offers: Offer[] = [];
  for (const part of accept.split(',')) {
    const [rawType = '', ...rawParams] = part.split(';').map((s) => s.trim());
    if (rawType === '') continue;
    let q = 1;
    const params: string[] = [];
    for (const param of rawParams) {
      if (param === '') continue;
      const match = /^q=([0-9.]+)$/i.exec(param);
      if (match) q = Number(match[1]);
      else params.push(param);
    }
    const type = rawType.toLowerCase();
    offers.push({ type, params, q, mime: [rawType, ...params].join('; ') });
  }
  // Stable: equal q keeps the client's order.
  return offers.map((offer, index) => ({ offer, index })).sort((a, b) => b.offer.q - a.offer.q || a.index - b.index).map(({ offer }) => offer).filter((o) => o.q > 0);
}

function stripped(params: string[]): boolean {
  return params.some((p) => p.replace(/\s/g, '').toLowerCase() === 'nulls=stripped');
}

/** A type that is not a plan: json, object, csv, geojson, or undefined when not producible. */
function bodyMedia(type: string, params: string[]): Exclude<ResponseMedia, { kind: 'plan' }> | undefined {
  switch (type) {
    case '*/*':
    case 'application/*':
    case 'application/json':
      return defaultMedia as Exclude<ResponseMedia, { kind: 'plan' }>;
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { kind: 'json', stripNulls: stripped(params) };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', stripNulls: stripped(params) };
    case 'text/csv':
      return { kind: 'csv', stripNulls: false };
    case 'application/geo+json':
      return { kind: 'geojson', stripNulls: false };
    default:
      return undefined;
  }
}

function forMime(media: Exclude<ResponseMedia, { kind: 'plan' }>): string {
  if (media.kind === 'csv') return 'text/csv';
  if (media.kind === 'geojson') return 'application/geo+json';
  if (media.kind === 'object') return `application/vnd.pgrst.object+json${media.stripNulls ? ';nulls=stripped' : ''}`;
  return media.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
}

function planMedia(type: string, params: string[]): PlanMedia | undefined {
  const format = type === 'application/vnd.pgrst.plan+json' ? 'json' : type === 'application/vnd.pgrst.plan' || type === 'application/vnd.pgrst.plan+text' ? 'text' : undefined;
  if (!format) return undefined;
  const value = (name: string): string | undefined => {
    const param = params.find((p) => p.toLowerCase().startsWith(`${name}=`));
    return param?.slice(name.length + 1).trim();
  };
  const forText = value('for')?.replace(/^"+|"+$/g, '');
  let target: Exclude<ResponseMedia, { kind: 'plan' }> | undefined = defaultMedia as Exclude<ResponseMedia, { kind: 'plan' }>;
  if (forText !== undefined && forText !== '') {
    const [forType = '', ...forParams] = forText.split(';').map((s) => s.trim());
    target = bodyMedia(forType.toLowerCase(), forParams);
  }
  if (!target) return undefined;
  const requested = (value('options') ?? '').split('|').map((o) => o.trim().toLowerCase());
  // PostgREST keeps its own order of the options, whatever the header's order.
  const options = planOptions.filter((o) => requested.includes(o));
  const mime = `application/vnd.pgrst.plan+${format}; for="${forMime(target)}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`;
  return { format, for: target, options, mime };
}

/** Picks the response media type for an Accept header. */
export function negotiate(accept: string | null, planEnabled: boolean): ResponseMedia {
  // The hot path: supabase-js sends no Accept header, or application/json / */*.
  if (accept === null || accept === '' || accept === '*/*' || accept === 'application/json') return defaultMedia;
  const offers = parseAccept(accept);
  if (offers.length === 0) return defaultMedia;
  for (const offer of offers) {
    const body = bodyMedia(offer.type, offer.params);
    if (body) return body;
    if (planEnabled) {
      const plan = planMedia(offer.type, offer.params);
      if (plan) return { kind: 'plan', stripNulls: false, plan };
    }
  }
  throw PgrstError.unacceptableMediaType(offers.map((o) => o.mime));
}

/** The Content-Type header of a response body. */
export function contentType(media: ResponseMedia): string {
  if (media.kind === 'plan') return `${media.plan.mime}; charset=utf-8`;
  return `${forMime(media)}; charset=utf-8`;
}
