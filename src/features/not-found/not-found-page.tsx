import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_EXPLORE_SEARCH, toExploreQuery } from '../../domain/stay-filters.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Link, LinkButton } from '../../ui/link/link.tsx';
import { Page } from '../../ui/page/page.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './not-found-page.css.ts';

/** Any unknown path (docs/product.md §2): the title and home link, plus a villa search and the main places to go. */
export default function NotFoundPage() {
  const [, navigate] = useLocation();
  const isSignedIn = useSessionStore((s) => s.status === 'signed-in');
  const [location, setLocation] = useState('');

  function search(event: FormEvent) {
    event.preventDefault();
    const query = toExploreQuery({ ...DEFAULT_EXPLORE_SEARCH, location: location.trim() });
    navigate(query ? `/properties?${query}` : '/properties');
  }

  return (
    <Page title="Oops! Page not found" subtitle="The page you are looking for doesn't exist or has moved." isNarrow>
      <Card padding="lg">
        <form className={styles.search} role="search" aria-label="Search villas" onSubmit={search}>
          <TextField className={styles.field} label="Where would you like to stay?" placeholder="Bali, Lisbon, Medellín…" value={location} onChange={setLocation} />
          <Button type="submit">Search villas</Button>
        </form>
      </Card>
      <nav aria-label="Places to go" className={styles.places}>
        <LinkButton href="/">Go back home</LinkButton>
        <LinkButton href="/properties" variant="outline">
          Explore Villas
        </LinkButton>
        {isSignedIn ? (
          <>
            <Link href="/dashboard">Dashboard</Link>
            <Link href="/messages">Messages</Link>
          </>
        ) : (
          <Link href="/auth">Sign In</Link>
        )}
      </nav>
    </Page>
  );
}
