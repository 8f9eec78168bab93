import * as styles from './button.css.ts';

export type ButtonVariant = keyof typeof styles.variant;
export type ButtonSize = keyof typeof styles.size;
export type IconButtonSize = keyof typeof styles.iconSize;

/**
 * Class names for anything that should look like a button (Button, LinkButton, NativeButton,
 * PhotoPicker). A module of its own so that the chrome's native controls don't load react-aria.
 */
export function buttonClassName({ variant = 'primary', size = 'md', isFullWidth = false }: { variant?: ButtonVariant; size?: ButtonSize; isFullWidth?: boolean } = {}) {
  return [styles.base, styles.variant[variant], styles.size[size], isFullWidth ? styles.fullWidth : ''].filter(Boolean).join(' ');
}

/** Class names of a square icon-only button (IconButton, NativeIconButton). */
export function iconButtonClassName({ variant = 'ghost', size = 'md' }: { variant?: ButtonVariant; size?: IconButtonSize } = {}) {
  return [styles.base, styles.variant[variant], styles.iconSize[size]].join(' ');
}
