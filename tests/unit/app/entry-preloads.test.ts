// The build plugin that trims lazy chunks' preload lists (src/app/build/entry-preloads.ts): what the
// entry loads statically leaves a dynamic import's list, and index.html keeps all its modulepreloads
// (without them the browser finds the react chunk only after downloading and parsing the entry).
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { withoutEntryPreloads } from '../../../src/app/build/entry-preloads.ts';

const chunk = (fileName: string, imports: string[], isEntry = false) => ({ type: 'chunk', fileName, imports, isEntry });

const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/runtime.js'], true),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/runtime.js': chunk('assets/runtime.js', []),
  'assets/page.js': chunk('assets/page.js', ['assets/react.js', 'assets/shared.js']),
  'assets/shared.js': chunk('assets/shared.js', []),
} as unknown as OutputBundle;

function planned() {
  const preloads = withoutEntryPreloads();
  const hook = preloads.plugin.generateBundle as { handler: (options: unknown, bundle: OutputBundle) => void };
  hook.handler({}, bundle);
  return preloads.resolveDependencies;
}

describe('entry preloads', () => {
  it.each([
    { host: 'js' as const, deps: ['assets/page.js', 'assets/react.js', 'assets/shared.js', 'assets/runtime.js'], kept: ['assets/page.js', 'assets/shared.js'] },
    { host: 'js' as const, deps: ['assets/shared.js'], kept: ['assets/shared.js'] },
    { host: 'html' as const, deps: ['assets/runtime.js', 'assets/react.js'], kept: ['assets/runtime.js', 'assets/react.js'] },
  ])('a $host host keeps $kept of $deps', ({ host, deps, kept }) => {
    expect(planned()('assets/index.js', deps, { hostType: host })).toEqual(kept);
  });
});
