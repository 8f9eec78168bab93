import { useRef, type ReactNode } from 'react';
import { SkipLink } from '../../ui/skip-link/skip-link.tsx';
import { Footer } from './footer.tsx';
import { Nav } from './nav.tsx';
import * as styles from './shell.css.ts';
import { useDocumentTitleFromHeading } from './use-document-title.ts';
import { useHeadingFocusOnNavigate } from './use-heading-focus.ts';

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
