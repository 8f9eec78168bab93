import type { HTMLAttributes } from 'react';
import * as styles from './typography.css.ts';

export type HeadingProps = HTMLAttributes<HTMLHeadingElement> & {
  /** Document outline level (h1…h6); independent of the visual size. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  size?: keyof typeof styles.headingSize;
};

const defaultSize = { 1: '2xl', 2: 'xl', 3: 'lg', 4: 'md', 5: 'sm', 6: 'sm' } as const;

export function Heading({ level, size, className, ...props }: HeadingProps) {
  const Element = `h${level}` as const;
  return <Element {...props} className={[styles.heading, styles.headingSize[size ?? defaultSize[level]], className].filter(Boolean).join(' ')} />;
}

export type TextProps = HTMLAttributes<HTMLElement> & {
  as?: 'p' | 'span' | 'div';
  size?: keyof typeof styles.textSize;
  tone?: keyof typeof styles.tone;
  weight?: keyof typeof styles.weight;
};

export function Text({ as: Element = 'p', size = 'md', tone = 'default', weight, className, ...props }: TextProps) {
  return (
    <Element
      {...props}
      className={[styles.textSize[size], styles.tone[tone], weight ? styles.weight[weight] : '', className].filter(Boolean).join(' ')}
    />
  );
}
