import {
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { Button } from '../button/button.tsx';
import { IconButton } from '../icon-button/icon-button.tsx';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../icon/icons.tsx';
import { toastQueue, type ToastVariant } from './toast-queue.ts';
import * as styles from './toast.css.ts';

const icons: Record<ToastVariant, typeof InfoIcon> = {
  success: CheckCircleIcon,
  error: AlertIcon,
  info: InfoIcon,
};

/**
 * Mount once near the root. RAC makes it a landmark region (F6 reaches it) and announces
 * each toast's title and description.
 */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className={styles.region} aria-label="Notifications">
      {({ toast }) => {
        const { variant, title, description, action } = toast.content;
        const Icon = icons[variant];
        return (
          <AriaToast toast={toast} className={[styles.toast, styles.variant[variant]].join(' ')} data-variant={variant}>
            <span className={[styles.icon, styles.iconColour[variant]].join(' ')}>
              <Icon size={20} />
            </span>
            <AriaToastContent className={styles.content}>
              <Text slot="title" className={styles.title}>{title}</Text>
              {description ? (
                <Text slot="description" className={[styles.description, variant === 'error' ? styles.errorDescription : ''].join(' ')}>
                  {description}
                </Text>
              ) : null}
            </AriaToastContent>
            <div className={styles.actions}>
              {action ? (
                <Button
                  size="sm"
                  variant="outline"
                  onPress={() => {
                    action.onAction();
                    toastQueue.close(toast.key);
                  }}
                >
                  {action.label}
                </Button>
              ) : null}
              <IconButton aria-label="Close notification" size="sm" icon={<CloseIcon size={16} />} onPress={() => toastQueue.close(toast.key)} />
            </div>
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}
