// `npm run size` (part of `npm test`): JavaScript shipped per route and in the service worker, gzip,
// from the production build. Fails when anything is over its budget (docs/architecture.md §5).
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { staticClosure } from '../../src/app/prerender/static-closure.ts';
import { distFingerprint, runMeasuredBuild } from '../tools/measured-build.ts';

/**
 * Budgets in KiB gzip. `target` is where each figure should be (docs/performance.md); `budget` is what the suite
 * enforces: the target once it is met, until then the figure reached so far, so nothing grows back.
 */
const limits = {
  routes: {
    // 90 → 91 (figure 90.4): the session gate reads the stored session's assurance level (docs/decisions/mfa-aal2.md)
    // and the client's server-time fetch (docs/decisions/device-clock-skew.md) before first paint.
    // 91 → 92 (figure 91.1): the landing photo with its housemates and one brand mark (docs/product.md §2.1), the
    // update prompt's reload on a first visit (src/pwa/register-sw.ts).
    // 92 → 92.5 (figure 92.3): the search bar's native text field and button (docs/decisions/native-form-fields.md)
    // are in the landing's own chunks now, where react-aria's came after first paint; the whole app fell 5.9 KiB.
    'landing/landing-page.tsx': { budget: 92.5, target: 90 },
    'property/property-page.tsx': { budget: 170, target: 170 },
    'explore/explore-page.tsx': { budget: 150, target: 150 },
    'messages/messages-page.tsx': { budget: 150, target: 150 },
    // 150 → 154 (figure 153.6): refused writes roll back and are listed under Unsent changes, a sealed session's
    // writes, the server clock (docs/decisions/refused-and-conflicting-writes.md, sign-out-wipes-device-data.md).
    // 154 → 156 (figure 155.1): one mapping of server errors to product sentences (src/lib/error-message.ts), payment
    // banners naming room and dates, forms' messages following the field (docs/decisions/form-messages-and-toasts.md).
    // 156 → 157 (figure 156.4, repeatable now: docs/decisions/repeatable-build.md): photo renditions and the
    // fallback to the original (docs/decisions/photo-renditions.md), the e-mail confirmation's messages in the one
    // error mapping (docs/decisions/email-confirmation.md).
    'dashboard/dashboard-page.tsx': { budget: 157, target: 150 },
  } as Record<string, { budget: number; target: number }>,
  /** Any other route (forms, onboarding, profile: reached after the pages above). */
  // 220 → 212 (figure 211.6, onboarding): native text fields, checkbox, progress bar, buttons (docs/decisions/native-form-fields.md).
  otherRoute: { budget: 212, target: 150 },
  // 440 → 441: pay monthly (docs/decisions/pay-monthly.md) added 2.8 KiB; 0.7 came back from dropping date-fns' formatDistanceToNowStrict.
  // 441 → 447: push notifications (docs/decisions/push-notifications.md: the offer, the profile's section, this browser's subscription)
  // added 4.7 KiB and screen snapshots (docs/decisions/screen-snapshots.md) 1.1; lazy chunks' preload lists without the entry's files took 0.2 back.
  // 447 → 448: first reads (docs/decisions/first-reads.md: the property page rendering from its read, the
  // hand-offs) and a visitor signed out from the start (session-bridge.tsx) added 0.4 KiB.
  // 448 → 459 (figure 458.0): two-factor gate, photo re-encoding before upload, Unsent changes and the rollback
  // of every command, room decisions, sealed sessions, the server clock, the route chunk's offline message and the
  // update hand-over (docs/decisions/mfa-aal2.md, photo-metadata.md, refused-and-conflicting-writes.md,
  // device-clock-skew.md, update-with-queued-writes.md). To be won back by the speed work, not kept.
  // 459 → 463 (figure 461.8; two builds have differed by 0.2): the items above, the nav's profile from the mirror
  // offline, push opt-in failures said, the monthly price everywhere (docs/decisions/monthly-price-display.md), the
  // pipelined message batches (docs/performance.md). Also to be won back by the speed work.
  // 463 → 467 (figure 466.0, repeatable): Explore's server search with paging (docs/decisions/explore-server-search.md),
  // photo renditions made and uploaded in the browser (photo-renditions.md), Check your inbox, Resend and the
  // confirmation landing (email-confirmation.md). Also to be won back by the speed work.
  // 467 → 462.5 (figure 462.1): native text fields, checkbox, progress bar, buttons (docs/decisions/native-form-fields.md).
  app: { budget: 462.5, target: 300 },
  serviceWorker: { budget: 40, target: 40 },
  /** Loaded by the service worker at install and when a Background Sync fires, never by a page. */
  backgroundPush: { budget: 57, target: 57 },
};

// The same bytes in every checkout of one commit, whatever its .env.local says (docs/decisions/repeatable-build.md).
if (!process.argv.includes('--no-build')) runMeasuredBuild(process.cwd());

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;
const gzipKiB = (file: string) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length / 1024;

const sumKiB = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]).filter((chunk) => chunk?.file.endsWith('.js')).reduce((total, chunk) => total + gzipKiB(chunk!.file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the build manifest');

const routeKeys = (manifest[entryKey]?.dynamicImports ?? []).concat(
  ...Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []),
);
const pages = [...new Set(routeKeys)].filter((key) => key.endsWith('-page.tsx'));

const rows = pages.map((key) => {
  const route = key.replace(/^src\/features\//, '');
  return { route, kib: sumKiB(staticClosure(manifest, [entryKey, key])), ...(limits.routes[route] ?? limits.otherRoute) };
});
rows.sort((a, b) => a.route.localeCompare(b.route));
for (const route of Object.keys(limits.routes)) {
  if (!rows.some((row) => row.route === route)) throw new Error(`no page chunk for ${route} in the build manifest`);
}
rows.push({ route: 'Whole app (every JS chunk)', kib: sumKiB(Object.keys(manifest)), ...limits.app });
rows.push({ route: 'Service worker (sw.js)', kib: gzipKiB('sw.js'), ...limits.serviceWorker });
const backgroundPushScript = readdirSync('dist/assets').find((file) => file.startsWith('background-push-script-'));
if (!backgroundPushScript) throw new Error('no background-push script in dist/assets');
rows.push({ route: 'Background Sync script (service worker)', kib: gzipKiB(`assets/${backgroundPushScript}`), ...limits.backgroundPush });

console.log('Initial JS per route (entry + route chunk + static imports), gzip KiB:');
console.log(`  ${'route'.padEnd(48)} ${'KiB'.padStart(7)} ${'budget'.padStart(7)} ${'target'.padStart(7)}`);
for (const row of rows) {
  const mark = row.kib > row.budget ? '  OVER BUDGET' : row.kib > row.target ? '  (target not met yet)' : '';
  console.log(`  ${row.route.padEnd(48)} ${row.kib.toFixed(1).padStart(7)} ${String(row.budget).padStart(7)} ${String(row.target).padStart(7)}${mark}`);
}
// Two runs of one commit print the same fingerprint; `npm run check:build` compares two checkouts' bytes.
console.log(`Build fingerprint (every file in dist/): ${distFingerprint('dist')}`);
const over = rows.filter((row) => row.kib > row.budget);
if (over.length) {
  console.error(`Over budget: ${over.map((row) => row.route).join(', ')}.`);
  process.exit(1);
}
