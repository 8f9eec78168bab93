import { useEffect, useState } from 'react';
import { Carousel } from '../../../ui/carousel/carousel.tsx';
import { CARD_PHOTO_SIZES, type CardPhoto } from '../card-view.ts';
import { afterPageSettles, neighbourIndexes, preloadImage } from '../photo-preload.ts';
import * as styles from './explore.css.ts';

export interface CardPhotosProps {
  photos: readonly CardPhoto[];
  label: string;
  isPriority: boolean;
}

/** A card's wrapping photo carousel over a blurred placeholder; neighbouring photos load ahead. */
export function CardPhotos({ photos, label, isPriority }: CardPhotosProps) {
  const [index, setIndex] = useState(0);
  const current = photos[Math.min(index, photos.length - 1)];
  const second = photos[1];

  // The first swipe usually goes forward: have the second photo ready before anyone asks (once the page has settled).
  useEffect(() => {
    if (!second) return;
    let isMounted = true;
    void afterPageSettles().then(() => {
      if (isMounted) preloadImage({ ...second, sizes: CARD_PHOTO_SIZES });
    });
    return () => {
      isMounted = false;
    };
  }, [second]);

  const onIndexChange = (next: number) => {
    setIndex(next);
    for (const neighbour of neighbourIndexes(next, photos.length)) {
      const photo = photos[neighbour];
      if (photo) preloadImage({ ...photo, sizes: CARD_PHOTO_SIZES });
    }
  };

  return (
    <div className={styles.photoFrame}>
      {current ? <span aria-hidden="true" className={styles.placeholder} style={{ backgroundImage: `url("${current.placeholder}")` }} /> : null}
      <Carousel
        images={photos.map(({ src, srcSet, alt }) => ({ src, srcSet, alt, sizes: CARD_PHOTO_SIZES }))}
        label={label}
        aspectRatio="4 / 3"
        isRounded={false}
        isPriority={isPriority}
        onIndexChange={onIndexChange}
      />
    </div>
  );
}
