import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'wouter';

// Pages render their heading once their lazy chunk and data arrive; after this, focus is left alone.
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After an in-app navigation, focus moves to the new page's h1, so a screen reader announces the
 * page and Tab starts from its top instead of from the link that was clicked. The first load keeps
 * the browser's own focus. A loading heading replaced by the real one passes focus on to it, as long
 * as the user has not moved focus themselves.
 */
export function useHeadingFocusOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const [path] = useLocation();
  const previousPath = useRef(path);

  useEffect(() => {
    const main = mainRef.current;
    if (previousPath.current === path || !main) return;
    previousPath.current = path;

    // Whatever held focus when the navigation happened (the clicked link) may hand it on; once the
    // user or the page (an autofocused field) puts it elsewhere, it stays there.
    const atNavigation = document.activeElement;
    let focused: HTMLElement | null = null;
    const focusHeading = () => {
      const heading = main.querySelector('h1');
      const active = document.activeElement;
      const isFocusFree = !active || active === document.body || active === main || active === atNavigation || active === focused;
      if (!heading || heading === focused || !isFocusFree) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      focused = heading;
    };
    focusHeading();
    const observer = new MutationObserver(focusHeading);
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [path, mainRef]);
}
