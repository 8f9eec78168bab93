import { useEffect, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { BRAND_NAME } from '../../domain/constants.ts';

// index.html's title ("NomadNest · Long-stay villas for remote workers") stays the home page's.
// index.html's title; no document exists when the page is prerendered at build time, and no title is set there.
const homeTitle = typeof document === 'undefined' ? '' : document.title;

/** "Rice Terrace Coliving Villa · NomadNest" from a page heading (while none shows, the brand); the home page keeps its own. */
export function documentTitle(path: string, heading: string | null): string {
  if (path === '/') return homeTitle;
  return heading ? `${heading} · ${BRAND_NAME}` : BRAND_NAME;
}

/**
 * Every page names its browser tab (and history entry) after its h1, or the h1's
 * data-document-title, following it as it changes (a loading heading, then the villa's name).
 */
export function useDocumentTitleFromHeading(mainRef: RefObject<HTMLElement | null>): void {
  const [path] = useLocation();
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    const update = () => {
      const heading = main.querySelector('h1');
      const name = heading?.dataset.documentTitle || heading?.textContent?.trim() || null;
      const next = documentTitle(path, name);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [path, mainRef]);
}
