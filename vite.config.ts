/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { prerenderPages } from './src/app/prerender/prerender-plugin.ts';
import { withoutEntryPreloads } from './src/app/build/entry-preloads.ts';

const brandColour = '#0f766e';
const shortcutIcon = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

const entryPreloads = withoutEntryPreloads();

/** What compiles the app's modules, for the browser build and the prerendering server build alike. */
const appPlugins = () => [
  // The app speaks en-US only (docs/product.md §9): react-aria's strings for its 33 other locales stay out of the bundle.
  optimizeLocales.vite({ locales: ['en-US'] }),
  react(),
  vanillaExtractPlugin(),
];

export default defineConfig({
  plugins: [
    ...appPlugins(),
    // The landing page, and Explore's and the property page's shells, as HTML (docs/decisions/prerendered-public-pages.md).
    prerenderPages(appPlugins),
    entryPreloads.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // svg/webmanifest here would duplicate the entries the plugin adds itself.
        globPatterns: ['**/*.{js,css,html}'],
        // The SW's Background Sync script (sw/background-push-script.ts) is stored by its importScripts at install, not precached.
        globIgnores: ['**/node_modules/**/*', 'assets/background-push-script-*.js'],
      },
      // The landing photo too (src/features/landing/landing-photo.ts), so the landing page is whole offline.
      includeAssets: ['favicon.svg', 'icons/*.png', 'images/*.webp'],
      manifest: {
        name: 'NomadNest',
        short_name: 'NomadNest',
        description: 'Long-stay villas and coliving rooms for remote workers.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: brandColour,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Explore Villas at the declared sizes, from the production build with demo data
        // (regenerate with `npx tsx tests/tools/make-manifest-screenshots.ts`).
        screenshots: [
          { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Explore Villas: long-stay villas with fast Wi-Fi' },
          { src: '/screenshots/narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Explore Villas on a phone' },
        ],
        // The installed app's jump list (long-press or right-click on its icon).
        shortcuts: [
          { name: 'Explore Villas', short_name: 'Explore', url: '/properties', icons: [shortcutIcon] },
          { name: 'Messages', short_name: 'Messages', url: '/messages', icons: [shortcutIcon] },
          { name: 'Dashboard', short_name: 'Dashboard', url: '/dashboard', icons: [shortcutIcon] },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // Lazy chunks' preload lists leave out what the entry has already loaded (src/app/build/entry-preloads.ts).
    modulePreload: { resolveDependencies: entryPreloads.resolveDependencies },
    // React, its JSX runtime and scheduler in one vendor chunk every route shares, so which route imports
    // what does not split them into separate small chunks (each costing its own request and gzip overhead).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } } },
  },
  preview: { port: 4173, strictPort: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
        },
      },
      {
        // src/ui and feature components rendered in jsdom and driven the way a user does (Testing Library).
        // A project of its own so the DOM's start-up stays out of the node-only unit project.
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
          // Driving react-aria through user-event in jsdom takes seconds per test on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        // Against the real stand-in server (in-process), on PGlite and, when TEST_DATABASE_URL is set, native Postgres.
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
