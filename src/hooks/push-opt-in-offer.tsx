import { OptInPrompt } from '../ui/opt-in-prompt/opt-in-prompt.tsx';
import { usePushOptIn } from './use-push-opt-in.ts';

/**
 * Offers notifications at a moment the person now waits for someone (they wrote in a chat, requested
 * a stay, host requests): never on first load. Nothing when this browser cannot, is already
 * subscribed, or was told "Not now". Shared by the chats and the dashboards.
 */
export function PushOptInOffer({ when = true, text, className }: { when?: boolean; text: string; className?: string }) {
  const optIn = usePushOptIn();
  if (!when || !optIn.canOffer) return null;
  return <OptInPrompt className={className} text={text} acceptLabel="Turn on" isPending={optIn.isTurningOn} onAccept={optIn.turnOn} onDismiss={optIn.dismiss} />;
}
