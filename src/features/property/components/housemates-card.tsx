import { useEffect, useState } from 'react';
import { logger } from '../../../lib/logger.ts';
import { fetchHousemates, type Housemate } from '../../../remote/property-housemates.ts';
import { Avatar } from '../../../ui/avatar/avatar';
import { Badge } from '../../../ui/badge/badge';
import { Card } from '../../../ui/card/card';
import { LinkButton } from '../../../ui/link/link';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton';
import * as styles from './people.css.ts';

type Load = { status: 'loading' } | { status: 'ready'; housemates: Housemate[] } | { status: 'failed' };

/**
 * Who's Staying (SPEC §1, §9) for a guest with a confirmed stay here: opted-in guests staying within
 * the next 90 days, as the server function shapes them (first initial, age band, profession,
 * timezone, up to 3 interests). Opted-out guests never reach the client.
 */
export function HousematesCard({ propertyId, houseChat }: { propertyId: string; houseChat: { isOpen: boolean } }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    fetchHousemates(propertyId)
      .then((housemates) => isCurrent && setLoad({ status: 'ready', housemates }))
      .catch((error: unknown) => {
        logger.warn("Who's Staying could not be loaded", error);
        if (isCurrent) setLoad({ status: 'failed' });
      });
    return () => {
      isCurrent = false;
    };
  }, [propertyId]);

  return (
    <Card as="section" aria-labelledby="housemates-title" className={styles.card}>
      <h2 id="housemates-title" className={styles.cardTitle}>
        Who&apos;s Staying
      </h2>
      <p className={styles.personMeta}>Guests sharing the house in the next 90 days who chose to be shown.</p>
      {load.status === 'loading' ? (
        <SkeletonGroup label="Loading housemates">
          <Skeleton shape="rect" height="4.5rem" />
          <Skeleton shape="rect" height="4.5rem" />
        </SkeletonGroup>
      ) : load.status === 'failed' ? (
        <p className={styles.personMeta}>Housemates could not be loaded. They appear when you are online.</p>
      ) : load.housemates.length === 0 ? (
        <p className={styles.personMeta}>No other guests have shared their profile yet.</p>
      ) : (
        <ul className={styles.housemates}>
          {load.housemates.map((housemate) => (
            <HousemateItem key={housemate.user_id} housemate={housemate} />
          ))}
        </ul>
      )}
      {houseChat.isOpen ? (
        <LinkButton href={`/messages?house=${encodeURIComponent(propertyId)}`} isFullWidth>
          Join House Chat
        </LinkButton>
      ) : (
        <p className={styles.personMeta}>The house chat opens 14 days before your check-in.</p>
      )}
    </Card>
  );
}

function HousemateItem({ housemate }: { housemate: Housemate }) {
  const label = `Guest ${housemate.first_initial}.`;
  const details = [housemate.age_band ? `${housemate.age_band} yrs` : null, housemate.profession].filter(Boolean).join(' · ');
  return (
    <li className={styles.housemate} aria-label={label}>
      <div className={styles.housemateTop}>
        <div className={styles.person}>
          <Avatar alt={label} initials={housemate.first_initial} size="md" />
          <div className={styles.personText}>
            <p className={styles.personName}>{housemate.first_initial}.</p>
            {details ? <p className={styles.personMeta}>{details}</p> : null}
            {housemate.work_timezone ? <p className={styles.personMeta}>{housemate.work_timezone}</p> : null}
          </div>
        </div>
        <LinkButton
          href={`/messages?conversation=${encodeURIComponent(housemate.user_id)}&type=guest_guest`}
          variant="outline"
          size="sm"
          aria-label={`Message ${label}`}
        >
          Message
        </LinkButton>
      </div>
      {housemate.interests.length > 0 ? (
        <ul className={styles.chips} aria-label="Interests">
          {housemate.interests.map((interest) => (
            <li key={interest}>
              <Badge variant="brand">{interest}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
