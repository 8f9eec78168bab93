import type { MouseEvent, ReactNode } from 'react';
import * as styles from './skip-link.css.ts';

/**
 * "Skip to …" for keyboard users: shows when focused and moves focus (not only the scroll position)
 * to the target, so the next Tab continues from there. A plain anchor, so it also works before the
 * app's router has loaded.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  }
  return (
    <a className={styles.skipLink} href={`#${targetId}`} onClick={skip}>
      {children}
    </a>
  );
}
