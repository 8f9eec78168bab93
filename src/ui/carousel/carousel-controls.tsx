import { ChevronLeftIcon, ChevronRightIcon } from '../icon/icons.tsx';
import * as styles from './carousel.css.ts';

export type CarouselControlsProps = {
  /** The carousel's images (a dot each, keyed like their slides). */
  images: readonly { src: string }[];
  /** The slide shown now (its dot is the current one). */
  index: number;
  onStep: (step: number) => void;
  onGoTo: (index: number) => void;
};

/** Previous/next buttons and a dot per slide, over the carousel's track (only with two slides or more). */
export function CarouselControls({ images, index, onStep, onGoTo }: CarouselControlsProps) {
  const count = images.length;
  return (
    <>
      <button type="button" aria-label="Previous photo" className={[styles.navButton, styles.prev].join(' ')} onClick={() => onStep(-1)}>
        <ChevronLeftIcon size={20} />
      </button>
      <button type="button" aria-label="Next photo" className={[styles.navButton, styles.next].join(' ')} onClick={() => onStep(1)}>
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
            onClick={() => onGoTo(i)}
          />
        ))}
      </div>
    </>
  );
}
