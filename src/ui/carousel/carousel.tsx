import { ImageIcon } from '../icon/icons.tsx';
import { CarouselControls } from './carousel-controls.tsx';
import * as styles from './carousel.css.ts';
import { useCarousel } from './use-carousel.ts';

export type CarouselImage = { src: string; alt: string; srcSet?: string; sizes?: string };

export type CarouselProps = {
  images: readonly CarouselImage[];
  /** Names the carousel, e.g. "Photos of Casa Azul". */
  label: string;
  /** CSS aspect-ratio of every slide, e.g. '4 / 3' (reserves space before images load). */
  aspectRatio?: string;
  initialIndex?: number;
  /** Called when the visible slide changes (e.g. to preload its neighbours). */
  onIndexChange?: (index: number) => void;
  /** Shown (with an icon) when there are no images. */
  emptyLabel?: string;
  /** Load the first image eagerly (above the fold). */
  isPriority?: boolean;
  /** Rounded corners (default); turn off when it sits flush inside a Card. */
  isRounded?: boolean;
  className?: string;
};

/**
 * Accessible image carousel (WAI-ARIA APG pattern): previous/next wrap around, dots jump, arrow
 * keys on the focused track move one slide, touch swipes use native scroll-snap.
 */
export function Carousel({
  images,
  label,
  aspectRatio = '4 / 3',
  initialIndex = 0,
  onIndexChange,
  emptyLabel = 'No photos yet',
  isPriority = false,
  isRounded = true,
  className,
}: CarouselProps) {
  const count = images.length;
  const { trackRef, index, goTo, goBy, onScroll, onUserScroll, onKeyDown } = useCarousel(count, initialIndex, onIndexChange);

  if (count === 0) {
    return (
      <div className={[styles.carousel, isRounded ? '' : styles.square, styles.frame, styles.empty, className].filter(Boolean).join(' ')} style={{ aspectRatio }} role="img" aria-label={`${label}: ${emptyLabel}`}>
        <ImageIcon size={32} />
      </div>
    );
  }

  return (
    <section aria-roledescription="carousel" aria-label={label} className={[styles.carousel, isRounded ? '' : styles.square, className].filter(Boolean).join(' ')}>
      <div
        ref={trackRef}
        className={styles.track}
        onScroll={onScroll}
        onPointerDown={onUserScroll}
        onWheel={onUserScroll}
        onKeyDown={onKeyDown}
        // Focusable so keyboard users can scroll it; announces slide changes politely.
        tabIndex={count > 1 ? 0 : undefined}
        aria-live="polite"
      >
        {images.map((image, i) => (
          <div key={`${image.src}-${i}`} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} className={styles.slide}>
            <div className={styles.frame} style={{ aspectRatio }}>
              <img
                // CORS requests, so the service worker can keep the photo for offline use (opaque responses it won't cache).
                crossOrigin="anonymous"
                src={image.src}
                srcSet={image.srcSet}
                sizes={image.sizes}
                alt={image.alt}
                className={styles.image}
                loading={i === 0 && isPriority ? 'eager' : 'lazy'}
                // The page's largest paint: asked for before the other images.
                fetchPriority={i === 0 && isPriority ? 'high' : undefined}
                decoding="async"
                draggable={false}
              />
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? <CarouselControls images={images} index={index} onStep={goBy} onGoTo={goTo} /> : null}
    </section>
  );
}
