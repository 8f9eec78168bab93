// Build-time only (vite.config.ts): a dynamic import's preload list (`__vite__mapDeps`) names every
// chunk the imported one needs, including those of the entry's static graph (react, the entry itself,
// the runtime), which are always loaded before any dynamic import can run. Listing them again costs
// bytes in every chunk that lazily loads something; this leaves them out. index.html's own modulepreloads
// of the entry's imports stay: without them the browser finds react only after parsing the entry.
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** The entry chunks' file names and everything they import statically, from the build's output. */
function entryStaticClosure(bundle: OutputBundle): Set<string> {
  const closure = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (closure.has(fileName) || chunk?.type !== 'chunk') return;
    closure.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  return closure;
}

/**
 * The plugin that learns the entry's static graph before Vite writes the preload lists, and the
 * `build.modulePreload.resolveDependencies` that filters them with it.
 */
export function withoutEntryPreloads(): {
  plugin: Plugin;
  resolveDependencies: (filename: string, deps: string[], context: { hostType: 'html' | 'js' }) => string[];
} {
  let alreadyLoaded = new Set<string>();
  return {
    plugin: {
      name: 'nomadnest:entry-preloads',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          alreadyLoaded = entryStaticClosure(bundle as OutputBundle);
        },
      },
    },
    resolveDependencies: (_filename, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !alreadyLoaded.has(dep))),
  };
}
