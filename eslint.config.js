// Lint rules, including the layer boundaries of docs/architecture.md §2.1 (dependency direction
// domain ← db, remote ← sync ← features ← app; ui below features) and kebab-case file names.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const src = (dir) => `./src/${dir}`;

/** The feature slices of src/features (a test checks this list against the folder). */
export const features = ['landing', 'auth', 'onboarding', 'explore', 'property', 'host-listing', 'dashboard', 'messages', 'profile', 'not-found', 'booking-confirmed'];

/**
 * The src/remote modules a feature may import: online-only actions and reads the mirror does not hold.
 * Reads of the user's own data go through the mirror (src/db) and the sync engine, never a direct query;
 * a new module joins this list with its reason (docs/architecture.md §2.1).
 */
export const remoteForFeatures = {
  'account.ts': 'auth: sign in, sign up, password reset, role setup',
  'auth.ts': 'auth: the session',
  'mfa.ts': 'auth: second factor enrolment',
  'push-notifications.ts': "notifications: this user's devices and settings, on the server only (online-only)",
  'booking-checkout.ts': 'checkout: hold a room and open payment',
  'booking-confirmation-latest.ts': 'checkout: the server confirms a payment the webhook recorded',
  'booking-confirmation-emails.ts': 'checkout: e-mails after payment',
  'dashboard-functions.ts': 'checkout: verify, cancel, decline with refund, payouts onboarding',
  'dashboard-bookings.ts': 'host decisions the database checks online (accept, complete)',
  'listing-properties.ts': 'host listing edits, online-only',
  'listing-rooms.ts': 'host room edits, online-only',
  'listing-photos.ts': 'uploads: listing photos',
  'photo-upload.ts': 'uploads: profile photos',
  'explore-properties.ts': 'the public catalogue, which Explore writes into the mirror',
  'property-detail.ts': 'a public listing page, cached in the mirror',
  'first-read.ts': "a public page's first read, started by its document before the app (the property page shows it until the mirror has the listing)",
  'property-housemates.ts': "Who's Staying, kept as a property snapshot",
  'property-snapshot-shapes.ts': 'shapes of the property snapshots (no I/O)',
  'messages-directory.ts': 'other people in a conversation the mirror does not know yet (RLS decides)',
  'inbox-first-read.ts': 'the inbox and a chat page while the mirror is still filling (RLS decides; the page shows them until the mirror has them)',
  'sync-port.ts': 'the record type of the sync contract (no I/O)',
  'errors.ts': 'the remote error type',
};

/** Zones: files in `target` must not import from any of `from`. */
export const boundaryZones = [
  { target: src('lib'), from: [src('app'), src('features'), src('domain'), src('db'), src('remote'), src('sync'), src('ui'), src('stores'), src('hooks'), src('pwa'), src('config'), src('styles')], message: 'lib is the bottom layer.' },
  { target: src('config'), from: [src('app'), src('features'), src('domain'), src('db'), src('remote'), src('sync'), src('ui'), src('stores'), src('hooks'), src('pwa')], message: 'config may use lib only.' },
  { target: src('domain'), from: [src('app'), src('features'), src('db'), src('remote'), src('sync'), src('ui'), src('stores'), src('hooks'), src('pwa')], message: 'domain is pure rules: no I/O layers.' },
  { target: src('styles'), from: [src('app'), src('features'), src('domain'), src('db'), src('remote'), src('sync'), src('ui'), src('stores'), src('hooks'), src('pwa'), src('lib')], message: 'styles import styles only.' },
  { target: src('ui'), from: [src('app'), src('features'), src('domain'), src('db'), src('remote'), src('sync'), src('stores'), src('pwa')], message: 'ui knows nothing of the domain or data.' },
  { target: src('db'), from: [src('app'), src('features'), src('remote'), src('sync'), src('ui'), src('stores'), src('hooks'), src('pwa')], message: 'db may use domain and lib only.' },
  { target: src('remote'), from: [src('app'), src('features'), src('db'), src('sync'), src('ui'), src('stores'), src('hooks'), src('pwa'), src('domain')], message: 'remote may use lib and config only.' },
  { target: src('sync'), from: [src('app'), src('features'), src('ui'), src('stores'), src('hooks'), src('pwa')], message: 'sync is DOM-free and React-free.' },
  { target: src('stores'), from: [src('app'), src('features'), src('db'), src('remote'), src('sync'), src('ui'), src('pwa')], message: 'stores hold UI state only.' },
  { target: src('hooks'), from: [src('app'), src('features')], message: 'hooks are generic.' },
  { target: src('pwa'), from: [src('app'), src('features'), src('db'), src('remote'), src('sync')], message: 'pwa may use config and lib.' },
  { target: './sw', from: [src('app'), src('features'), src('ui'), src('stores'), src('hooks'), src('remote')], message: 'the service worker has no DOM or React.' },
  {
    target: src('features'),
    from: src('remote'),
    except: Object.keys(remoteForFeatures).map((file) => `./${file}`),
    message: 'features import from src/remote only the online actions listed in remoteForFeatures (eslint.config.js); read the user\'s data through the mirror (src/db).',
  },
  // Features are vertical slices: none imports another.
  ...features.map((feature) => ({
    target: src(`features/${feature}`),
    from: src('features'),
    except: [`./${feature}`],
    message: 'features do not import each other; lift shared code into domain, ui or hooks.',
  })),
];

// Each of these libraries has exactly one home (wouter: the app shell and feature pages).
export const packageHomes = {
  dexie: ['src/db'],
  '@supabase/supabase-js': ['src/remote'],
  '@supabase/postgrest-js': ['src/remote'],
  wouter: ['src/app', 'src/features'],
};
const banPackagesOutside = (dir) => ({
  'no-restricted-imports': ['error', {
    paths: Object.entries(packageHomes)
      .filter(([, homes]) => !homes.includes(dir))
      .map(([name, homes]) => ({ name, message: `${name} is imported only in ${homes.join(' and ')}.` })),
  }],
});
const packageHomeDirs = [...new Set(Object.values(packageHomes).flat())];

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**', 'tests/fixtures/lint/**', 'supabase/functions/**/deno.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without this import-x reads only .js modules, and no-cycle never follows a TypeScript import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // ...and never parses a package: no-cycle follows our own modules only (a third of the lint time otherwise).
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // One spelling of relative imports: with the file's extension, as Node (tsx), Deno and Vite all run it.
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true, fix: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      // Function folders carry the public function names of docs/product.md §7 (e.g. sendBookingEmails, _shared), so they are exempt.
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE', 'supabase/local/**/': 'KEBAB_CASE', 'supabase/tests/**/': 'KEBAB_CASE' }],
    },
  },
  { files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'], ignores: packageHomeDirs.map((dir) => `${dir}/**`), rules: banPackagesOutside(null) },
  ...packageHomeDirs.map((dir) => ({ files: [`${dir}/**/*.{ts,tsx}`], rules: banPackagesOutside(dir) })),
  // Application sources only: tests may import in any order, and a cycle there costs nothing at run time.
  { files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'supabase/**/*.ts'], rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
  // No function over 120 lines in the app, the service worker or the stand-in: a longer one is split into a hook,
  // sub-components or handler modules (docs/architecture.md §2.1). Named exceptions, still to split: the owner's
  // photo grid (upload, reorder and delete share its state) and two route tables of the stand-in.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'supabase/local/src/**/*.ts'],
    ignores: ['src/features/property/owner/photo-manager.tsx', 'supabase/local/src/auth/account-routes.ts', 'supabase/local/src/storage/object-routes.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  // The queries the UI runs read a bounded number of rows (perf research G5): toArray() right after limit().
  {
    files: ['src/db/queries/**/*.ts', 'src/db/hooks/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toArray'][callee.object.callee.property.name!='limit']",
          message: 'A UI query reads a bounded number of rows: call .limit(n) right before .toArray().',
        },
      ],
    },
  },
);
