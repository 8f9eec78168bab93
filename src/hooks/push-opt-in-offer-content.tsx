import { OptInPrompt } from '../ui/opt-in-prompt/opt-in-prompt.tsx';
import { usePushOptIn } from './use-push-opt-in.ts';

export interface PushOptInOfferProps {
  text: string;
  className?: string;
}

/** The offer itself; push-opt-in-offer.tsx loads it when the page is idle. */
export default function PushOptInOfferContent({ text, className }: PushOptInOfferProps) {
  const optIn = usePushOptIn();
  if (!optIn.canOffer) return null;
  return <OptInPrompt className={className} text={text} acceptLabel="Turn on" isPending={optIn.isTurningOn} problem={optIn.failure} onAccept={optIn.turnOn} onDismiss={optIn.dismiss} />;
}
