// The prerendered documents' stylesheets inline (src/app/prerender/inline-stylesheets.ts): one <style>
// in the links' order where the first link was, each link kept but disabled, a repeated stylesheet at its
// last place, and CSS that cannot live in a <style> refused at build time.
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../../src/app/prerender/inline-stylesheets.ts';

const stylesheets: Record<string, string> = {
  '/assets/theme.css': ':root{--ink:#111}\n',
  '/assets/index.css': 'body{margin:0}',
  '/assets/page.css': '.hero{color:var(--ink)}',
};
const read = async (path: string) => {
  const css = stylesheets[path];
  if (css === undefined) throw new Error(`no ${path}`);
  return css;
};
const link = (path: string) => `<link rel="stylesheet" crossorigin href="${path}">`;

describe('inlineStylesheets', () => {
  it('puts every linked stylesheet in one <style> where the first link was, and disables the links', async () => {
    const html = `<head><title>x</title>${link('/assets/theme.css')}\n${link('/assets/index.css')}<script type="module" src="/a.js"></script>${link('/assets/page.css')}</head>`;
    expect(await inlineStylesheets(html, read)).toBe(
      '<head><title>x</title><style>:root{--ink:#111}\nbody{margin:0}\n.hero{color:var(--ink)}</style>\n    ' +
        '<link rel="stylesheet" crossorigin href="/assets/theme.css" disabled>\n' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css" disabled>' +
        '<script type="module" src="/a.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/page.css" disabled></head>',
    );
  });

  it('inlines a stylesheet linked twice once, at its last place (whose rules win the cascade)', async () => {
    const html = [link('/assets/theme.css'), link('/assets/index.css'), link('/assets/page.css'), link('/assets/theme.css')].join('');
    const style = /<style>([\s\S]*)<\/style>/.exec(await inlineStylesheets(html, read))?.[1];
    expect(style).toBe('body{margin:0}\n.hero{color:var(--ink)}\n:root{--ink:#111}');
  });

  it('leaves a document without stylesheet links as it is', async () => {
    const html = '<head><link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="https://cdn.example/x.css"></head>';
    expect(await inlineStylesheets(html, read)).toBe(html);
  });

  it.each([
    { css: '.a::after{content:"</style><script>alert(1)</script>"}', why: 'a closing </style>' },
    { css: '.a{background:url(./photo.webp)}', why: 'a relative url()' },
    { css: ".a{background:url('../photo.webp')}", why: 'a quoted relative url()' },
  ])('refuses CSS with $why', async ({ css }) => {
    await expect(inlineStylesheets(link('/assets/bad.css'), async () => css)).rejects.toThrow(/cannot be inlined/);
  });
});
