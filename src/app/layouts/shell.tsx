import { useRef, type ReactNode } from 'react';
import { SkipLink } from '../../ui/skip-link/skip-link';
import { Footer } from './footer';
import { Nav } from './nav';
import * as styles from './shell.css.ts';
import { useDocumentTitleFromHeading } from './use-document-title';
import { useHeadingFocusOnNavigate } from './use-heading-focus';

export function Shell({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigate(mainRef);
  useDocumentTitleFromHeading(mainRef);
  return (
    <div className={styles.shell}>
      <SkipLink targetId="main">Skip to content</SkipLink>
      <Nav />
      <main id="main" ref={mainRef} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
