// Vite plugin (docs/decisions/prerendered-public-pages.md): after the client build, renders the
// prerendered pages with a server build of render-page.tsx and writes their documents next to index.html,
// each with its route's CSS inlined, a modulepreload of its route chunk and a preconnect to the API; `vite
// preview` answers a navigation with its page's document. Build-time only: nothing here reaches the app.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { inlineStylesheets } from './inline-stylesheets.ts';
import { staticClosure } from './static-closure.ts';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES, prerenderedDocumentFor, type PrerenderedMode } from '../../config/prerendered-pages.ts';

const serverEntry = 'src/app/prerender/render-page.tsx';

/** The route's stylesheets and modulepreloads that index.html (the entry's) does not already have. */
function routeLinks(manifest: Manifest, routeModule: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = staticClosure(manifest, entry ? [entry] : []);
  const chunks = [...staticClosure(manifest, [routeModule])].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key]!);
  if (chunks.length === 0) throw new Error(`prerender: ${routeModule} is not a chunk of the build`);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const scripts = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
  return [...styles, ...scripts];
}

/** A preconnect to the API origin (REST and photos are fetched in CORS mode), so its TLS is ready when they start. */
function apiPreconnect(apiUrl: string | undefined): string {
  return apiUrl ? `<link rel="preconnect" href="${new URL(apiUrl).origin}" crossorigin>` : '';
}

/** vite-plugin-pwa's registration module for the server build: effects register the worker, and none run there. */
function serviceWorkerRegistrationStub(): Plugin {
  const id = 'virtual:pwa-register';
  return {
    name: 'nomadnest:pwa-register-stub',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? 'export function registerSW() { throw new Error("no service worker at build time"); }' : null),
  };
}

/**
 * A page's inline script (PrerenderedPage.inlineScript) as one classic script, minified, with the build's
 * env: it runs where the parser meets it, before the stylesheets and the app's modules are fetched.
 */
async function bundleInlineScript(config: ResolvedConfig, entry: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    build: { write: false, lib: { entry, formats: ['iife'], name: 'nomadnestInline' }, minify: true, target: 'es2022', copyPublicDir: false },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && 'output' in result ? result.output.find((file) => file.type === 'chunk') : undefined;
  if (!chunk) throw new Error(`prerender: ${entry} built to no script`);
  return `<script>${chunk.code.trim().replace(/<\/script/gi, '<\\/script')}</script>`;
}

/**
 * @param serverPlugins the plugins the server build needs to compile the app as the client build does
 *   (React, vanilla-extract's class names)
 */
export function prerenderPages(serverPlugins: () => PluginOption[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'nomadnest:prerender-pages',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('</title>', `</title>\n    ${apiPreconnect(config.env.VITE_SUPABASE_URL as string | undefined)}`),
    },
    async writeBundle(options) {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = options.dir ?? resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      // Inside the project, so the server build's imports of react, wouter, … resolve from its node_modules.
      const serverDir = await mkdtemp(join(config.root, '.prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [...serverPlugins(), serviceWorkerRegistrationStub()],
          build: { ssr: serverEntry, outDir: serverDir, emptyOutDir: true, target: 'node20', copyPublicDir: false },
        });
        const { renderPage } = (await import(pathToFileURL(join(serverDir, 'render-page.js')).href)) as { renderPage(path: string): Promise<string> };
        for (const page of PRERENDERED_PAGES) {
          const markup = await renderPage(page.renderPath);
          const mode: PrerenderedMode = page.hydratesWithQuery ? 'any-query' : 'without-query';
          const inline = page.inlineScript ? await bundleInlineScript(config, page.inlineScript) : '';
          const linked = template
            .replace('</title>', `</title>\n    ${inline}`)
            .replace('<div id="root"></div>', `<div id="root" ${PRERENDERED_ATTRIBUTE}="${mode}">${markup}</div>`)
            .replace('</head>', `  ${routeLinks(manifest, page.routeModule).join('\n    ')}\n  </head>`);
          const html = await inlineStylesheets(linked, (path) => readFile(join(outDir, path), 'utf8'));
          if (!html.includes(PRERENDERED_ATTRIBUTE)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
          const file = join(outDir, page.document);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, html);
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        const accepts = request.headers.accept ?? '';
        if (request.method === 'GET' && accepts.includes('text/html') && request.url) {
          const url = new URL(request.url, 'http://preview');
          const document = prerenderedDocumentFor(url.pathname);
          if (document) request.url = document + url.search;
        }
        next();
      });
    },
  };
}
