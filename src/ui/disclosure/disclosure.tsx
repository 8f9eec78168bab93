import type { ReactNode } from 'react';
import { Button, Disclosure as AriaDisclosure, DisclosurePanel, Heading, type DisclosureProps as AriaDisclosureProps } from 'react-aria-components';
import { ChevronDownIcon } from '../icon/icons.tsx';
import * as styles from './disclosure.css.ts';

export type DisclosureProps = Omit<AriaDisclosureProps, 'children' | 'className'> & {
  title: ReactNode;
  children: ReactNode;
  /** Heading level wrapping the trigger (keeps the outline correct). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** A collapsible section; `isExpanded` / `onExpandedChange` make it controlled. */
export function Disclosure({ title, children, headingLevel = 3, className, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={[styles.disclosure, className].filter(Boolean).join(' ')}>
      <Heading level={headingLevel}>
        <Button slot="trigger" className={styles.trigger}>
          {title}
          <ChevronDownIcon size={18} className={styles.chevron} />
        </Button>
      </Heading>
      <DisclosurePanel className={styles.panel}>{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
