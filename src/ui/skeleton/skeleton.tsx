import type { CSSProperties, ReactNode } from 'react';
import * as styles from './skeleton.css.ts';

export type SkeletonProps = {
  shape?: keyof typeof styles.shape;
  /** CSS length or number (px). Text lines default to 100% wide. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** E.g. '4 / 3' for photo placeholders, matching the real content box. */
  aspectRatio?: CSSProperties['aspectRatio'];
  className?: string;
};

/** A decorative placeholder; wrap a group in `SkeletonGroup` to announce loading once. */
export function Skeleton({ shape = 'text', width, height, aspectRatio, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles.shape[shape], className].filter(Boolean).join(' ')}
      style={{ width: width ?? (shape === 'text' ? '100%' : undefined), height, aspectRatio }}
    />
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
