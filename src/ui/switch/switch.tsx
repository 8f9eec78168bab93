import { useId, type ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import * as styles from './switch.css.ts';

export type SwitchProps = Omit<AriaSwitchProps, 'children' | 'className'> & {
  children: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  description?: ReactNode;
  className?: string;
};

export function Switch({ children, description, className, ...props }: SwitchProps) {
  const descriptionId = useId();
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <AriaSwitch {...props} aria-describedby={description ? descriptionId : undefined} className={styles.switchRoot}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {children}
      </AriaSwitch>
      {description ? (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      ) : null}
    </div>
  );
}
