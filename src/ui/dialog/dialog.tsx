import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from '../icon-button/icon-button.tsx';
import { CloseIcon } from '../icon/icons.tsx';
import * as styles from './dialog.css.ts';

export type DialogProps = {
  title: ReactNode;
  /** Body content (scrolls when tall); a function receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Footer actions, right-aligned; a function receives `close`. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** Controlled open state: the app's Button is native, so it opens the dialog through state, not a trigger. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Close on click outside (Escape always closes). Default true. */
  isDismissable?: boolean;
  size?: keyof typeof styles.width;
  /** Hide the × button (e.g. while saving). */
  hideCloseButton?: boolean;
};

/** Modal dialog: focus trapped and restored, Escape closes, page scroll locked. */
export function Dialog({ title, children, footer, isOpen, onOpenChange, isDismissable = true, size = 'md', hideCloseButton }: DialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} className={styles.overlay}>
      <Modal className={[styles.modal, styles.width[size]].join(' ')}>
        <AriaDialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {hideCloseButton ? null : (
                  <IconButton aria-label="Close" size="sm" icon={<CloseIcon size={18} />} onPress={close} className={styles.closeButton} />
                )}
              </div>
              <div className={styles.body}>{typeof children === 'function' ? children(close) : children}</div>
              {footer ? <div className={styles.footer}>{typeof footer === 'function' ? footer(close) : footer}</div> : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
