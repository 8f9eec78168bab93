import { useId, useState, type ReactNode } from 'react';
import * as styles from './switch.css.ts';

export interface SwitchProps {
  children: ReactNode;
  /** Controlled state; without it the switch keeps its own, starting at `defaultSelected`. */
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  isDisabled?: boolean;
  'aria-label'?: string;
  /** Help text under the label, linked with aria-describedby. */
  description?: ReactNode;
  className?: string;
}

/**
 * An on/off switch: a native checkbox with role="switch" inside its label (Space and a click on the
 * label toggle it), drawn as a track and thumb. Native so that the dashboard's rooms tab and the
 * forms do not load react-aria's press handling for it.
 */
export function Switch({ children, isSelected, defaultSelected = false, onChange, isDisabled, 'aria-label': ariaLabel, description, className }: SwitchProps) {
  const descriptionId = useId();
  const [ownSelected, setOwnSelected] = useState(defaultSelected);
  const selected = isSelected ?? ownSelected;
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <label className={styles.switchRoot} data-selected={selected || undefined} data-disabled={isDisabled || undefined}>
        <input
          type="checkbox"
          role="switch"
          className={styles.input}
          checked={selected}
          disabled={isDisabled}
          aria-label={ariaLabel}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => {
            setOwnSelected(event.target.checked);
            onChange?.(event.target.checked);
          }}
        />
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {children}
      </label>
      {description ? (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      ) : null}
    </div>
  );
}
