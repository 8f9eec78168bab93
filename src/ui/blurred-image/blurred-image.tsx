import { useState } from 'react';
import * as styles from './blurred-image.css.ts';

export type BlurredImageProps = {
  src: string;
  /** A tiny version of the same photo, shown blurred until `src` has loaded. */
  placeholderSrc?: string;
  alt: string;
  /** Intrinsic size: the frame reserves width/height's aspect ratio, so nothing shifts while loading. */
  width: number;
  height: number;
  isPriority?: boolean;
  className?: string;
};

/** A photo that fades in over its blurred placeholder inside a box of fixed aspect ratio. */
export function BlurredImage({ src, placeholderSrc, alt, width, height, isPriority = false, className }: BlurredImageProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  return (
    <span className={[styles.frame, className].filter(Boolean).join(' ')} style={{ aspectRatio: `${width} / ${height}` }}>
      {placeholderSrc ? <img src={placeholderSrc} alt="" aria-hidden="true" width={width} height={height} className={styles.placeholder} /> : null}
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={isPriority ? 'eager' : 'lazy'}
        decoding="async"
        data-loaded={loadedSrc === src}
        onLoad={() => setLoadedSrc(src)}
        onError={() => setLoadedSrc(src)}
        className={styles.image}
      />
    </span>
  );
}
