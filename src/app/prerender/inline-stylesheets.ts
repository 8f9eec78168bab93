// Build-time (docs/decisions/inline-page-css.md): a prerendered document carries its stylesheets
// inline, so its first paint waits for the document alone, not for a round trip per CSS file. Each link
// stays, disabled (never fetched): Vite's dynamic-import helper skips a stylesheet a `<link
// rel="stylesheet">` already names, so the route's CSS is not fetched again (and awaited) when the route's
// chunk loads, and a screen snapshot still lists the page's stylesheets (pwa/screen-snapshot-save.ts).

const STYLESHEET_LINK = /<link rel="stylesheet"( crossorigin)? href="(\/[^"]+\.css)">/g;

/**
 * The document with one `<style>` (every linked stylesheet's rules, in the links' order) where its first
 * stylesheet link was, and each link disabled. A stylesheet linked twice (a route's CSS repeats the
 * entry's theme) is inlined once, at its last place: the place whose rules win the cascade.
 * @param readStylesheet the text of a stylesheet by its path in the document (e.g. `/assets/index-D0A.css`)
 */
export async function inlineStylesheets(html: string, readStylesheet: (path: string) => Promise<string>): Promise<string> {
  const linked = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[2]!);
  if (linked.length === 0) return html;
  const paths = linked.filter((path, index) => linked.lastIndexOf(path) === index);
  const rules = await Promise.all(
    paths.map(async (path) => {
      const css = (await readStylesheet(path)).trim();
      // The rules end the element at the first `</style`; relative url()s would resolve against the page.
      if (/<\/style/i.test(css) || /url\(\s*['"]?\.{1,2}\//.test(css)) throw new Error(`prerender: ${path} cannot be inlined as it is`);
      return css;
    }),
  );
  let isFirst = true;
  return html.replace(STYLESHEET_LINK, (_link, crossorigin: string | undefined, path: string) => {
    const disabled = `<link rel="stylesheet"${crossorigin ?? ''} href="${path}" disabled>`;
    if (!isFirst) return disabled;
    isFirst = false;
    return `<style>${rules.join('\n')}</style>\n    ${disabled}`;
  });
}
