import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from '../icon/icons.tsx';
import * as styles from './carousel.css.ts';

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

const SCROLL_SETTLE_MS = 80;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

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
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(() => Math.min(Math.max(initialIndex, 0), Math.max(count - 1, 0)));
  const indexRef = useRef(index);
  const onIndexChangeRef = useRef(onIndexChange);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The slide a button or key is scrolling to: a smooth scroll that pauses longer than the settle time (a busy phone) is not a swipe. */
  const scrollingTo = useRef<number | null>(null);

  useEffect(() => {
    onIndexChangeRef.current = onIndexChange;
  }, [onIndexChange]);

  const commitIndex = useCallback((next: number) => {
    if (next === indexRef.current) return;
    indexRef.current = next;
    setIndex(next);
    onIndexChangeRef.current?.(next);
  }, []);

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const next = ((target % count) + count) % count;
      commitIndex(next);
      scrollingTo.current = next;
      track.scrollTo({ left: next * track.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [commitIndex, count],
  );

  // Start on initialIndex without animation; keep the index valid if the image list shrinks.
  useEffect(() => {
    const track = trackRef.current;
    if (track && indexRef.current > 0) track.scrollTo({ left: indexRef.current * track.clientWidth });
  }, []);
  useEffect(() => {
    if (count > 0 && indexRef.current > count - 1) goTo(count - 1);
  }, [count, goTo]);
  useEffect(() => () => clearTimeout(settleTimer.current), []);

  // Swipes end wherever scroll-snap lands; read the slide once scrolling settles.
  const onScroll = () => {
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => {
      const track = trackRef.current;
      if (!track || track.clientWidth === 0) return;
      const settled = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
      if (scrollingTo.current !== null) {
        if (settled === scrollingTo.current) scrollingTo.current = null;
        return;
      }
      commitIndex(settled);
    }, SCROLL_SETTLE_MS);
  };
  // The user takes over from a scroll a button started.
  const onUserScroll = () => {
    scrollingTo.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(indexRef.current + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(indexRef.current - 1);
    }
  };

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
      {count > 1 ? (
        <>
          <button type="button" aria-label="Previous photo" className={[styles.navButton, styles.prev].join(' ')} onClick={() => goTo(indexRef.current - 1)}>
            <ChevronLeftIcon size={20} />
          </button>
          <button type="button" aria-label="Next photo" className={[styles.navButton, styles.next].join(' ')} onClick={() => goTo(indexRef.current + 1)}>
            <ChevronRightIcon size={20} />
          </button>
          <div className={styles.dots}>
            {images.map((image, i) => (
              <button
                type="button"
                key={`${image.src}-${i}`}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={styles.dot}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
