import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../button/button';
import * as styles from '../dialog/dialog.css.ts';

export type AlertDialogProps = {
  title: ReactNode;
  /** The question or consequence, e.g. "This cannot be undone." */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Called on confirm; the dialog closes unless the handler returns a promise that rejects. */
  onConfirm: () => void | Promise<void>;
  variant?: 'destructive' | 'primary';
  /** Shows a spinner on the confirm button and blocks closing. */
  isPending?: boolean;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
};

/** role="alertdialog": not dismissable by clicking outside; Escape or Cancel closes it. */
export function AlertDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  variant = 'destructive',
  isPending = false,
  isOpen,
  onOpenChange,
}: AlertDialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isKeyboardDismissDisabled={isPending} className={styles.overlay}>
      <Modal className={[styles.modal, styles.width.sm].join(' ')}>
        <AriaDialog role="alertdialog" className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
              </div>
              <div className={[styles.body, styles.message].join(' ')}>{children}</div>
              <div className={styles.footer}>
                <Button variant="outline" onPress={close} isDisabled={isPending} autoFocus>
                  {cancelLabel}
                </Button>
                <Button
                  variant={variant}
                  isPending={isPending}
                  onPress={async () => {
                    try {
                      await onConfirm();
                      close();
                    } catch {
                      // The caller reports the failure (toast); keep the dialog open for a retry.
                    }
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
