import type { ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button, type ButtonSize, type ButtonVariant } from '../button/button.tsx';
import { ImageIcon } from '../icon/icons.tsx';

export type PhotoPickerProps = {
  /** Button text, e.g. "Change Photo" or "Upload photos". */
  children: ReactNode;
  /** Receives the chosen files (never empty). Size/type checks are the caller's rule. */
  onSelect: (files: File[]) => void;
  allowsMultiple?: boolean;
  acceptedFileTypes?: string[];
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** E.g. while uploading: spinner on the button, presses ignored. */
  isPending?: boolean;
  isDisabled?: boolean;
  icon?: ReactNode;
  /** id of the text that says why the picker is disabled (e.g. offline) */
  'aria-describedby'?: string;
};

/** A button that opens the system file chooser (camera roll on phones) for images. */
export function PhotoPicker({
  children,
  onSelect,
  allowsMultiple = false,
  acceptedFileTypes = ['image/*'],
  variant = 'outline',
  size = 'md',
  isPending,
  isDisabled,
  icon = <ImageIcon size={18} />,
  'aria-describedby': describedBy,
}: PhotoPickerProps) {
  return (
    <FileTrigger
      acceptedFileTypes={acceptedFileTypes}
      allowsMultiple={allowsMultiple}
      onSelect={(list) => {
        const files = list ? Array.from(list) : [];
        if (files.length > 0) onSelect(files);
      }}
    >
      <Button variant={variant} size={size} icon={icon} isPending={isPending} isDisabled={isDisabled} aria-describedby={describedBy}>
        {children}
      </Button>
    </FileTrigger>
  );
}
