import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '../icon/icons.tsx';
import * as styles from './disclosure.css.ts';

export interface DisclosureProps {
  title: ReactNode;
  children: ReactNode;
  /** Heading level wrapping the trigger (keeps the outline correct). */
  headingLevel?: 2 | 3 | 4;
  defaultExpanded?: boolean;
  className?: string;
}

/**
 * A collapsible section: the WAI-ARIA disclosure pattern on a native button (a heading wrapping a button
 * with aria-expanded, the panel hidden while collapsed). Native so that the property page's first paint,
 * where the host card shows it, does not load react-aria's press handling.
 */
export function Disclosure({ title, children, headingLevel = 3, defaultExpanded = false, className }: DisclosureProps) {
  const [isExpanded, setExpanded] = useState(defaultExpanded);
  const triggerId = useId();
  const panelId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={[styles.disclosure, className].filter(Boolean).join(' ')} data-expanded={isExpanded || undefined}>
      <Heading>
        <button type="button" id={triggerId} className={styles.trigger} aria-expanded={isExpanded} aria-controls={panelId} onClick={() => setExpanded((expanded) => !expanded)}>
          {title}
          <ChevronDownIcon size={18} className={styles.chevron} />
        </button>
      </Heading>
      <div id={panelId} role="group" aria-labelledby={triggerId} className={styles.panel} hidden={!isExpanded}>
        {children}
      </div>
    </div>
  );
}
