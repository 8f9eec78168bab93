import { lazy } from 'react';
import { hostCallToAction } from '../../domain/host-call-to-action.ts';
import { initials } from '../../domain/initials.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ClientSuspense } from '../../ui/client-suspense/client-suspense.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { LinkButton } from '../../ui/link/link.tsx';
import { SearchBarPlaceholder } from './components/search-bar-placeholder.tsx';
import { communityPoints, howItWorks, sampleProfiles, testimonials, wifiPoints } from './landing-content.ts';
import * as styles from './landing-page.css.ts';

// The search bar's date picker, select and number field load just after first paint, keeping the
// landing route inside its JS budget; the placeholder has the bar's exact shape (and is what the
// prerendered page shows: the bar's fields depend on today's date).
const SearchBar = lazy(() => import('./components/search-bar.tsx').then((module) => ({ default: module.SearchBar })));

/** Landing page (docs/product.md §2): hero, search bar, how it works, Wi-Fi, community, sample profiles, testimonials. */
export default function LandingPage() {
  const isSignedIn = useSessionStore((s) => s.status === 'signed-in');
  const role = useSessionStore((s) => s.role);
  const hostLink = hostCallToAction(isSignedIn, role);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>Long stays for remote workers</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            Live and work from a villa you love, for a month or six
          </h1>
          <p className={styles.heroText}>
            Rooms in coliving villas with fast Wi-Fi, real desks and housemates who work like you do. Book by card, meet your
            house before you arrive.
          </p>
          <div className={styles.heroActions}>
            <LinkButton href="/properties" size="lg">
              Explore Villas
            </LinkButton>
            <LinkButton href={hostLink.href} size="lg" variant="secondary">
              {hostLink.label}
            </LinkButton>
          </div>
        </div>
      </section>

      <div className={styles.searchWrap}>
        <ClientSuspense fallback={<SearchBarPlaceholder />}>
          <SearchBar />
        </ClientSuspense>
      </div>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.steps}>
          {howItWorks.map((step, index) => (
            <li key={step.title}>
              <Card className={styles.stepCard}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className={styles.cardTitle}>{step.title}</h3>
                <p className={styles.cardText}>{step.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.band} aria-labelledby="wifi-title">
        <div className={styles.bandInner}>
          <div>
            <h2 id="wifi-title" className={styles.sectionTitle}>
              Wi-Fi you can take a call on
            </h2>
            <p className={styles.sectionText}>
              Every room lists its measured Wi-Fi speed, and you can filter by it. No more guessing from blurry router photos.
            </p>
          </div>
          <dl className={styles.stats}>
            {wifiPoints.map((point) => (
              <div key={point.figure} className={styles.stat}>
                <dt className={styles.statFigure}>{point.figure}</dt>
                <dd className={styles.statLabel}>{point.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="community-title">
        <h2 id="community-title" className={styles.sectionTitle}>
          A house, not just a room
        </h2>
        <p className={styles.sectionText}>Community comes built in, and privacy stays in your hands.</p>
        <div className={styles.grid3}>
          {communityPoints.map((point) => (
            <Card key={point.title}>
              <h3 className={styles.cardTitle}>{point.title}</h3>
              <p className={styles.cardText}>{point.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="profiles-title">
        <h2 id="profiles-title" className={styles.sectionTitle}>
          Meet the nomads
        </h2>
        <p className={styles.sectionText}>A few of the people you could share a kitchen with.</p>
        <ul className={styles.profiles}>
          {sampleProfiles.map((profile) => (
            <li key={profile.name}>
              <Card className={styles.profileCard}>
                <Avatar alt={profile.name} initials={initials(profile.name)} size="lg" />
                <div>
                  <p className={styles.profileName}>{profile.name}</p>
                  <p className={styles.profileMeta}>
                    {profile.profession} · {profile.place}
                  </p>
                  <p className={styles.profileMeta}>{profile.timezone}</p>
                </div>
                <div className={styles.badges}>
                  {profile.interests.map((interest) => (
                    <Badge key={interest} variant="brand">
                      {interest}
                    </Badge>
                  ))}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="testimonials-title">
        <h2 id="testimonials-title" className={styles.sectionTitle}>
          What guests and hosts say
        </h2>
        <p className={styles.sectionText}>Real stays, told by the people who had them.</p>
        <div className={styles.grid3}>
          {testimonials.map((item) => (
            <Card key={item.name}>
              <figure className={styles.quoteFigure}>
                <blockquote className={styles.quote}>“{item.quote}”</blockquote>
                <figcaption className={styles.quoteBy}>
                  <strong>{item.name}</strong> · {item.role}
                </figcaption>
              </figure>
            </Card>
          ))}
        </div>
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <h2 id="cta-title" className={styles.ctaTitle}>
          Your next base is waiting
        </h2>
        <div className={styles.ctaActions}>
          <LinkButton href="/properties" size="lg">
            Explore Villas
          </LinkButton>
          <LinkButton href={hostLink.href} size="lg" variant="outline">
            {hostLink.label}
          </LinkButton>
        </div>
      </section>
    </>
  );
}
