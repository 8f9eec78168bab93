import { useRef, type ReactNode } from 'react';
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

/** A button that opens the system file chooser (camera roll on phones) for images, through a hidden native file input. */
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
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        icon={icon}
        isPending={isPending}
        isDisabled={isDisabled}
        aria-describedby={describedBy}
        onPress={() => {
          // Cleared first, so choosing the same file again still reports it.
          if (input.current?.value) input.current.value = '';
          input.current?.click();
        }}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptedFileTypes.join(',')}
        multiple={allowsMultiple}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) onSelect(files);
        }}
      />
    </>
  );
}
