import { Badge } from '../../../ui/badge/badge.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Link } from '../../../ui/link/link.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden/visually-hidden.tsx';
import type { PropertyCardView } from '../card-view.ts';
import { CardPhotos } from './card-photos.tsx';
import * as styles from './explore.css.ts';

export function PropertyCard({ card, isPriority }: { card: PropertyCardView; isPriority: boolean }) {
  return (
    <Card as="li" padding="none" isInteractive className={styles.card} aria-label={card.name}>
      <CardPhotos photos={card.photos} label={`Photos of ${card.name}`} isPriority={isPriority} />
      <div className={styles.body}>
        <h2 className={styles.name}>
          <Link href={card.href} className={styles.titleLink}>
            {card.name}
          </Link>
        </h2>
        <div className={styles.subline}>
          <p className={styles.location}>{card.location}</p>
          <p className={styles.rating}>
            {card.rating.average ? (
              <>
                <span aria-hidden="true">
                  <span className={styles.star}>★</span> <span className={styles.ratingAverage}>{card.rating.average}</span> · {card.rating.countText}
                </span>
                <VisuallyHidden>{card.rating.label}</VisuallyHidden>
              </>
            ) : (
              card.rating.countText
            )}
          </p>
        </div>
        <div className={styles.meta}>
          {card.wifiLabel ? <Badge variant="brand">{card.wifiLabel}</Badge> : <span />}
          <span className={card.hasPrice ? styles.price : styles.priceMuted}>{card.priceText}</span>
        </div>
      </div>
    </Card>
  );
}
