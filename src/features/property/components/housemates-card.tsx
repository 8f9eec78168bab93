import { memo } from 'react';
import { timeAgo } from '../../../lib/time-ago.ts';
import { useDbQuery } from '../../../db/hooks/use-db-query.ts';
import { readSnapshot } from '../../../db/queries/property-snapshots.ts';
import { useRemoteLoad } from '../../../hooks/use-remote-load.ts';
import { fetchHousemates, type Housemate } from '../../../remote/property-housemates.ts';
import { cacheSnapshot } from '../../../sync/session-actions.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import * as styles from './people.css.ts';

/**
 * Who's Staying (docs/product.md §1, §9) for a guest with a confirmed stay here: opted-in guests staying within
 * the next 90 days, as the server function shapes them (first initial, age band, profession,
 * timezone, up to 3 interests). Opted-out guests never reach the client. Offline it shows the copy
 * kept for the user's own stays (db/queries/property-snapshots.ts), saying how old it is.
 */
export const HousematesCard = memo(function HousematesCard({ propertyId, houseChat }: { propertyId: string; houseChat: { isOpen: boolean } }) {
  const load = useRemoteLoad(
    async () => {
      const housemates = await fetchHousemates(propertyId);
      await cacheSnapshot('housemates', propertyId, housemates);
      return housemates;
    },
    [propertyId],
    "Who's Staying could not be loaded",
  );
  const stored = useDbQuery((db) => readSnapshot(db, 'housemates', propertyId), [propertyId]);

  const offlineCopy = load.status === 'failed' && stored ? { housemates: stored.data as Housemate[], fetchedAt: stored.fetchedAt } : null;
  const shown = offlineCopy ? { status: 'ready' as const, data: offlineCopy.housemates } : load;

  return (
    <Card as="section" aria-labelledby="housemates-title" className={styles.card}>
      <h2 id="housemates-title" className={styles.cardTitle}>
        Who&apos;s Staying
      </h2>
      <p className={styles.personMeta}>Guests sharing the house in the next 90 days who chose to be shown.</p>
      {offlineCopy ? (
        <p className={styles.personMeta} role="status">
          Offline: last updated {timeAgo(offlineCopy.fetchedAt)}.
        </p>
      ) : null}
      {shown.status === 'loading' ? (
        <SkeletonGroup label="Loading housemates">
          <Skeleton shape="rect" height="4.5rem" />
          <Skeleton shape="rect" height="4.5rem" />
        </SkeletonGroup>
      ) : shown.status === 'failed' ? (
        <p className={styles.personMeta}>Housemates could not be loaded. They appear when you are online.</p>
      ) : shown.data.length === 0 ? (
        <p className={styles.personMeta}>No other guests have shared their profile yet.</p>
      ) : (
        <ul className={styles.housemates}>
          {shown.data.map((housemate) => (
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
});

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
