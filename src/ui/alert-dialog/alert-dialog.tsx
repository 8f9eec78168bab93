import { useState, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../button/button.tsx';
import * as styles from '../dialog/dialog.css.ts';

export type AlertDialogProps = {
  title: ReactNode;
  /** The question or consequence, e.g. "This cannot be undone." */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Called on confirm; a returned promise shows a spinner until it settles. The dialog closes unless it rejects. */
  onConfirm: () => void | Promise<void>;
  variant?: 'destructive' | 'primary';
  /** Forces the pending state (spinner on confirm, closing blocked) from outside. */
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
  const [isConfirming, setConfirming] = useState(false);
  const isBusy = isPending || isConfirming;
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isKeyboardDismissDisabled={isBusy} className={styles.overlay}>
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
                <Button variant="outline" onPress={close} isDisabled={isBusy} autoFocus>
                  {cancelLabel}
                </Button>
                <Button
                  variant={variant}
                  isPending={isBusy}
                  onPress={async () => {
                    setConfirming(true);
                    try {
                      await onConfirm();
                      close();
                    } catch {
                      // The caller reports the failure (toast); keep the dialog open for a retry.
                    } finally {
                      setConfirming(false);
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
