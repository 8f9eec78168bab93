import type { ReactNode } from 'react';
import { visuallyHidden } from '../../styles/utilities.css.ts';

/** Text for screen readers only (e.g. a heading that is obvious visually). */
export function VisuallyHidden({ children, as: Element = 'span' }: { children: ReactNode; as?: 'span' | 'div' | 'h1' | 'h2' | 'h3' }) {
  return <Element className={visuallyHidden}>{children}</Element>;
}
