import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Nav } from './nav';
import * as styles from './shell.css.ts';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Nav />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
