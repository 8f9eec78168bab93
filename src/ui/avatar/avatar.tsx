import { useState } from 'react';
import * as styles from './avatar.css.ts';

export type AvatarSize = keyof typeof styles.size;

export type AvatarProps = {
  /** Photo URL; when missing or failing to load, the initials show instead. */
  src?: string | null;
  /** Accessible name, e.g. the person's name. */
  alt: string;
  /** Fallback text computed by the caller (e.g. the domain initials rule). */
  initials: string;
  size?: AvatarSize;
  className?: string;
};

export function Avatar({ src, alt, initials, size = 'md', className }: AvatarProps) {
  // Remember which URL failed, so a new src gets a fresh attempt without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  return (
    <span
      className={[styles.avatar, styles.size[size], className].filter(Boolean).join(' ')}
      role="img"
      aria-label={alt}
    >
      <span aria-hidden="true">{initials}</span>
      {showImage && src ? (
        <img src={src} alt="" className={styles.image} decoding="async" crossOrigin="anonymous" onError={() => setFailedSrc(src)} />
      ) : null}
    </span>
  );
}
