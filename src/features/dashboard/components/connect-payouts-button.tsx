import { useState } from 'react';
import { STRIPE_CONNECT_FAILED_TITLE } from '../../../domain/messages.ts';
import { logger } from '../../../lib/logger.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { createConnectAccountLink } from '../../../remote/dashboard-functions.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';

/**
 * Connect payouts (docs/product.md §7): the payout provider's onboarding link opens in a new tab. The tab is
 * opened before the request, inside the click, so pop-up blockers let it through; it is pointed at
 * the link when it arrives, or closed on failure.
 */
export function ConnectPayoutsButton({ isOnline }: { isOnline: boolean }) {
  const [isBusy, setBusy] = useState(false);

  async function connect() {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const url = await createConnectAccountLink();
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      logger.warn('Starting payout onboarding failed', error);
      toast.error(STRIPE_CONNECT_FAILED_TITLE, errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <NativeButton variant="secondary" disabled={!isOnline} isPending={isBusy} onClick={() => void connect()}>
      Connect payouts
    </NativeButton>
  );
}
