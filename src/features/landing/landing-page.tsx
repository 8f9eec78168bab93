import { lazy } from 'react';
import { hostCallToAction, type HostCallToAction } from '../../domain/host-call-to-action.ts';
import { initials } from '../../domain/initials.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ClientSuspense } from '../../ui/client-suspense/client-suspense.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { LinkButton } from '../../ui/link/link.tsx';
import { LandingSection } from './components/landing-section.tsx';
import { SearchBarPlaceholder } from './components/search-bar-placeholder.tsx';
import { communityPoints, howItWorks, sampleProfiles, testimonials, wifiPoints } from './landing-content.ts';
import { LANDING_PHOTO } from './landing-photo.ts';
import * as styles from './landing-page.css.ts';

// The search bar's date picker, select and number field load just after first paint, keeping the
// landing route inside its JS budget; the placeholder has the bar's exact shape (and is what the
// prerendered page shows: the bar's fields depend on today's date).
const SearchBar = lazy(() => import('./components/search-bar.tsx').then((module) => ({ default: module.SearchBar })));

/** The page's two calls to action, under the hero and again at its foot. */
function ExploreAndHostLinks({ className, hostLink, hostVariant }: { className: string; hostLink: HostCallToAction; hostVariant: 'secondary' | 'outline' }) {
  return (
    <div className={className}>
      <LinkButton href="/properties" size="lg">
        Explore Villas
      </LinkButton>
      <LinkButton href={hostLink.href} size="lg" variant={hostVariant}>
        {hostLink.label}
      </LinkButton>
    </div>
  );
}

/**
 * The hero's right half (under the text on phones): a listing as Explore shows it, and the people a guest
 * would share it with. The photo is a static file at two widths, its size set so nothing moves when it
 * arrives; it is in view on a desktop at first paint, so it is not lazy.
 */
function HeroPhoto() {
  const housemates = sampleProfiles.slice(0, 3);
  return (
    <figure className={styles.heroFigure}>
      <img
        className={styles.heroPhoto}
        src={LANDING_PHOTO.src(LANDING_PHOTO.width)}
        srcSet={LANDING_PHOTO.widths.map((width) => `${LANDING_PHOTO.src(width)} ${width}w`).join(', ')}
        sizes="(min-width: 48rem) 34rem, 100vw"
        width={LANDING_PHOTO.width}
        height={LANDING_PHOTO.height}
        alt={LANDING_PHOTO.alt}
        decoding="async"
      />
      <figcaption className={styles.heroCaption}>
        <span className={styles.heroFaces} aria-hidden="true">
          {housemates.map((profile) => (
            <Avatar key={profile.name} alt="" initials={initials(profile.name)} size="sm" className={styles.heroFace} />
          ))}
        </span>
        <span>
          <strong className={styles.heroCaptionTitle}>{LANDING_PHOTO.caption.title}</strong>
          <span className={styles.heroCaptionText}>{LANDING_PHOTO.caption.text}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** Landing page (docs/product.md §2): hero, search bar, how it works, Wi-Fi, community, sample profiles, testimonials. */
export default function LandingPage() {
  const isSignedIn = useSessionStore((s) => s.status === 'signed-in');
  const role = useSessionStore((s) => s.role);
  const hostLink = hostCallToAction(isSignedIn, role);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <div className={styles.heroCopy}>
          <p className={styles.eyebrow}>Long stays for remote workers</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            Live and work from a villa you love, for a month or six
          </h1>
          <p className={styles.heroText}>
            Rooms in coliving villas with fast Wi-Fi, real desks and housemates who work like you do. Book by card, meet your
            house before you arrive.
          </p>
          <ExploreAndHostLinks className={styles.heroActions} hostLink={hostLink} hostVariant="secondary" />
          </div>
          <HeroPhoto />
        </div>
      </section>

      <div className={styles.searchWrap}>
        <ClientSuspense fallback={<SearchBarPlaceholder />}>
          <SearchBar />
        </ClientSuspense>
      </div>

      <LandingSection id="how" title="How it works">
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
      </LandingSection>

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

      <LandingSection id="community" title="A house, not just a room" intro="Community comes built in, and privacy stays in your hands.">
        <div className={styles.grid3}>
          {communityPoints.map((point) => (
            <Card key={point.title}>
              <h3 className={styles.cardTitle}>{point.title}</h3>
              <p className={styles.cardText}>{point.text}</p>
            </Card>
          ))}
        </div>
      </LandingSection>

      <LandingSection id="profiles" title="Meet the nomads" intro="A few of the people you could share a kitchen with.">
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
      </LandingSection>

      <LandingSection id="testimonials" title="What guests and hosts say" intro="Real stays, told by the people who had them.">
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
      </LandingSection>

      <section className={styles.cta} aria-labelledby="cta-title">
        <h2 id="cta-title" className={styles.ctaTitle}>
          Your next base is waiting
        </h2>
        <ExploreAndHostLinks className={styles.ctaActions} hostLink={hostLink} hostVariant="outline" />
      </section>
    </>
  );
}
