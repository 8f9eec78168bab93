import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

const SCROLL_SETTLE_MS = 80;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The carousel's slide index and its track's scrolling: buttons and arrow keys scroll to a slide (wrapping
 * around), a swipe commits the slide scroll-snap settles on.
 */
export function useCarousel(count: number, initialIndex: number, onIndexChange: ((index: number) => void) | undefined) {
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
  /** Moves from the slide shown now (read when pressed, not when rendered). */
  const goBy = (step: number) => goTo(indexRef.current + step);

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
      goBy(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goBy(-1);
    }
  };

  return { trackRef, index, goTo, goBy, onScroll, onUserScroll, onKeyDown };
}
