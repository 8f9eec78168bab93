// A chunk's static closure (src/app/prerender/static-closure.ts): every chunk it needs, each after the chunks
// it imports, so a prerendered page links a shared component's stylesheet before the route's that overrides it.
import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../../src/app/prerender/static-closure.ts';

const chunk = (imports: string[] = []) => ({ file: 'x.js', imports });
const manifest: Manifest = {
  'route.tsx': chunk(['_card.js', '_dialog.js']),
  '_card.js': chunk(['_react.js']),
  '_dialog.js': chunk(['_react.js', '_card.js']),
  '_react.js': chunk(),
  'cycle-a.js': chunk(['cycle-b.js']),
  'cycle-b.js': chunk(['cycle-a.js']),
};

describe('staticClosure', () => {
  it.each<[string, string[], string[]]>([
    ['a chunk comes after everything it imports, each chunk once', ['route.tsx'], ['_react.js', '_card.js', '_dialog.js', 'route.tsx']],
    ['a leaf is its own closure', ['_react.js'], ['_react.js']],
    ['several roots share what they import', ['_card.js', '_dialog.js'], ['_react.js', '_card.js', '_dialog.js']],
    ['an import cycle ends', ['cycle-a.js'], ['cycle-b.js', 'cycle-a.js']],
    ['a key not in the manifest is left out', ['missing.js'], []],
  ])('%s', (_label, keys, expected) => {
    expect([...staticClosure(manifest, keys)]).toEqual(expected);
  });
});
