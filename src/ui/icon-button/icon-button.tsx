import type { ReactNode } from 'react';
import type { ButtonVariant, IconButtonSize } from '../button/button-class-name.ts';
import { NativeIconButton } from '../button/native-button.tsx';

export type IconButtonProps = {
  /** Required: icon-only controls need an accessible name. */
  'aria-label': string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: IconButtonSize;
  onPress?: () => void;
  isDisabled?: boolean;
  type?: 'button' | 'submit';
  className?: string;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
};

/**
 * Square icon-only button: a native <button> (NativeIconButton) with Button's props
 * (docs/decisions/native-form-fields.md). Passes `aria-expanded` / `aria-controls` through.
 */
export function IconButton({ isDisabled, onPress, ...props }: IconButtonProps) {
  return <NativeIconButton {...props} disabled={isDisabled} onClick={onPress ? () => onPress() : undefined} />;
}
