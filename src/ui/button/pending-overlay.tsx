import { SpinnerGlyph } from '../spinner/spinner.tsx';
import type { ButtonSize } from './button-class-name.ts';
import * as styles from './button.css.ts';

/** The spinner over a pending button's label (Button, NativeButton): the label keeps the button's width. */
export function PendingOverlay({ size }: { size: ButtonSize }) {
  return (
    <span className={styles.pendingOverlay}>
      <SpinnerGlyph size={size === 'lg' ? 20 : 16} />
    </span>
  );
}
