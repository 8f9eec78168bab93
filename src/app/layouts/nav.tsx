import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { BRAND_NAME } from '../../domain/constants.ts';
import { transformedImageUrl } from '../../domain/image-url.ts';
import { initials } from '../../domain/initials.ts';
import { env } from '../../config/env.ts';
import { logger } from '../../lib/logger.ts';
import { signOut } from '../../remote/auth.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { NativeButton, NativeIconButton } from '../../ui/button/native-button.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icon/icons.tsx';
import { Link, LinkButton } from '../../ui/link/link.tsx';
import { BrandMark } from './brand-mark.tsx';
import * as styles from './nav.css.ts';
import { UnreadBadge } from './unread-badge.tsx';
import { useNavProfile } from './use-nav-profile.ts';

const NavExtras = lazy(() => import('./nav-extras.tsx'));
const SignOutConfirm = lazy(() => import('./sign-out-confirm.tsx'));
const MirroredNavProfile = lazy(() => import('./mirrored-nav-profile.tsx'));
const PhoneSyncStatus = lazy(() => import('./nav-extras.tsx').then((module) => ({ default: module.PhoneSyncStatus })));

/** How long a sign-out waits for queued writes to go before asking about the ones left. */
const FLUSH_BEFORE_SIGN_OUT_MS = 1_500;

// The nav avatar is 32 px: ask storage for a small rendition (2x for sharp screens).
const avatarTransform = { width: 64, quality: 70 } as const;

function NavItem({ href, location, children }: { href: string; location: string; children: string }) {
  return (
    <Link variant="nav" href={href} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** Top navigation exactly as docs/product.md §1; on narrow screens the links sit in a menu that closes on navigation. */
export function Nav() {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  const { profile, onMirrored } = useNavProfile(userId);
  const [location, navigate] = useLocation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const isSignedIn = status === 'signed-in';

  // Choosing a link (any navigation) closes the menu.
  useEffect(() => setMenuOpen(false), [location]);

  const [unsentOnSignOut, setUnsentOnSignOut] = useState(0);

  // A sign-out wipes this user's data from the browser (database, unsent writes, the service worker's
  // session copy, profile photos): villa laptops are shared. docs/decisions/sign-out-wipes-device-data.md
  async function finishSignOut() {
    setUnsentOnSignOut(0);
    // While still signed in: the server forgets this browser's push subscription (loaded only now).
    await import('../../hooks/use-push-opt-in.ts').then((module) => module.forgetPushDeviceBeforeSignOut()).catch(() => undefined);
    try {
      await signOut();
    } catch (error) {
      logger.warn('Sign out failed', error);
      navigate('/');
      return;
    }
    navigate('/');
    const { endUserSession } = await import('../../sync/local-first-session.ts');
    await endUserSession();
  }

  // docs/architecture.md §2.2: signing out with queued writes asks first (after a last try to send them).
  async function handleSignOut() {
    const { countUnsentWrites, flushWrites } = await import('../../sync/session-actions.ts');
    await flushWrites(FLUSH_BEFORE_SIGN_OUT_MS);
    const unsent = await countUnsentWrites();
    if (unsent > 0) setUnsentOnSignOut(unsent);
    else await finishSignOut();
  }

  const links = (
    <>
      <NavItem href="/properties" location={location}>
        Explore Villas
      </NavItem>
      {isSignedIn ? (
        <>
          <NavItem href="/dashboard" location={location}>
            Dashboard
          </NavItem>
          <span className={styles.withBadge}>
            <NavItem href="/messages" location={location}>
              Messages
            </NavItem>
            <UnreadBadge />
          </span>
          <NavItem href="/profile" location={location}>
            Profile
          </NavItem>
        </>
      ) : null}
    </>
  );

  const actions = isSignedIn ? (
    <>
      <Suspense fallback={null}>
        <NavExtras isSignedIn />
        {userId ? <MirroredNavProfile userId={userId} onChange={onMirrored} /> : null}
      </Suspense>
      <NativeButton variant="outline" size="sm" onClick={handleSignOut}>
        Sign Out
      </NativeButton>
      <Avatar src={profile.profile_photo ? transformedImageUrl(profile.profile_photo, { baseUrl: env.supabaseUrl, transformations: env.imageTransformations, transform: avatarTransform }) : null} alt={profile.name ?? 'Your profile'} initials={initials(profile.name)} size="sm" />
    </>
  ) : status === 'signed-out' || status === 'second-factor' ? (
    <>
      <Suspense fallback={null}>
        <NavExtras isSignedIn={false} />
      </Suspense>
      <LinkButton variant="ghost" size="sm" href="/auth">
        Sign In
      </LinkButton>
      <LinkButton variant="primary" size="sm" href="/auth?mode=signup">
        Get Started
      </LinkButton>
    </>
  ) : (
    // Session still restoring: hold the space so nothing jumps.
    <span className={styles.actionsPlaceholder} aria-hidden="true" />
  );

  return (
    <header className={styles.bar}>
      <nav aria-label="Main">
        <div className={styles.inner}>
        <Link variant="subtle" href="/" className={styles.brand}>
          <BrandMark className={styles.brandMark} />
          {BRAND_NAME}
        </Link>
        <div className={styles.desktopLinks}>{links}</div>
        <div className={styles.desktopActions}>{actions}</div>
        {status === 'signed-in' ? (
          <span className={styles.phoneStatus}>
            <Suspense fallback={null}>
              <PhoneSyncStatus />
            </Suspense>
          </span>
        ) : null}
        <NativeIconButton
          className={styles.menuToggle}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          icon={isMenuOpen ? <CloseIcon /> : <MenuIcon />}
          onClick={() => setMenuOpen((open) => !open)}
        />
        </div>
        <div id={menuId} className={styles.mobileMenu} hidden={!isMenuOpen}>
          <div className={styles.mobileLinks}>{links}</div>
          <div className={styles.mobileActions}>{actions}</div>
        </div>
      </nav>
      {unsentOnSignOut > 0 ? (
        <Suspense fallback={null}>
          <SignOutConfirm unsentCount={unsentOnSignOut} onConfirm={finishSignOut} onCancel={() => setUnsentOnSignOut(0)} />
        </Suspense>
      ) : null}
    </header>
  );
}
