import type { HTMLAttributes } from 'react';
import * as styles from './card.css.ts';

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** `article` for self-contained items (a property, a review), else `div`/`section`. */
  as?: 'div' | 'article' | 'section' | 'li';
  padding?: keyof typeof styles.padding;
  elevation?: keyof typeof styles.elevation;
  isInteractive?: boolean;
};

export function Card({ as: Element = 'div', padding = 'md', elevation = 'raised', isInteractive = false, className, ...props }: CardProps) {
  return (
    <Element
      {...props}
      className={[styles.card, styles.padding[padding], styles.elevation[elevation], isInteractive ? styles.interactive : '', className]
        .filter(Boolean)
        .join(' ')}
    />
  );
}
