import { BRAND_NAME, COPYRIGHT_YEAR } from '../../domain/constants.ts';
import { hostCallToAction } from '../../domain/host-call-to-action.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Link } from '../../ui/link/link.tsx';
import { BrandMark } from './brand-mark.tsx';
import * as styles from './footer.css.ts';

export function Footer() {
  const isSignedIn = useSessionStore((s) => s.status === 'signed-in');
  const role = useSessionStore((s) => s.role);
  const hostLink = hostCallToAction(isSignedIn, role);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.brand}>
          <BrandMark className={styles.brandMark} size={28} />
          {BRAND_NAME}
        </p>
        <nav aria-label="Footer" className={styles.links}>
          <Link href="/properties">Explore Villas</Link>
          <Link href={hostLink.href}>{hostLink.label}</Link>
          {isSignedIn ? <Link href="/dashboard">Dashboard</Link> : <Link href="/auth">Sign In</Link>}
        </nav>
        <p className={styles.copyright}>
          © {COPYRIGHT_YEAR} {BRAND_NAME}. Long stays for remote workers.
        </p>
      </div>
    </footer>
  );
}
