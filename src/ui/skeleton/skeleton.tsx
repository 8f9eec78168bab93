import type { CSSProperties, ReactNode } from 'react';
import { EARLY_PHOTO_ATTRIBUTE } from '../../lib/early-photo.ts';
import * as styles from './skeleton.css.ts';

export type SkeletonProps = {
  shape?: keyof typeof styles.shape;
  /** CSS length or number (px). Text lines default to 100% wide. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** E.g. '4 / 3' for photo placeholders, matching the real content box. */
  aspectRatio?: CSSProperties['aspectRatio'];
  className?: string;
  /**
   * Names a photo slot: a hidden `<img>` a prerendered document's script may fill with the photo that
   * will replace this placeholder (lib/early-photo.ts). React renders it empty and never touches it again.
   */
  photoSlot?: string;
};

/** A decorative placeholder; wrap a group in `SkeletonGroup` to announce loading once. */
export function Skeleton({ shape = 'text', width, height, aspectRatio, className, photoSlot }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles.shape[shape], photoSlot ? styles.withPhoto : null, className].filter(Boolean).join(' ')}
      style={{ width: width ?? (shape === 'text' ? '100%' : undefined), height, aspectRatio }}
    >
      {photoSlot ? <img {...{ [EARLY_PHOTO_ATTRIBUTE]: photoSlot }} alt="" hidden className={styles.photo} /> : null}
    </span>
  );
}

/** Marks the loading area busy for assistive tech, with a text label (e.g. "Loading properties"). */
export function SkeletonGroup({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" aria-label={label} className={[styles.group, className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
