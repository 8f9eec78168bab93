import { LoadWhenIdle } from '../ui/load-when-idle/load-when-idle.tsx';
import type { PushOptInOfferProps } from './push-opt-in-offer-content.tsx';

const loadOffer = () => import('./push-opt-in-offer-content.tsx').then((module) => module.default);

/**
 * Offers notifications at a moment the person now waits for someone (they wrote in a chat, requested
 * a stay, host requests): never on first load. Nothing when this browser cannot, is already
 * subscribed, or was told "Not now". Shared by the chats and the dashboards; its code (and the push
 * and server modules it uses) loads when the page is idle, off the first screen's budget.
 */
export function PushOptInOffer({ when = true, ...props }: PushOptInOfferProps & { when?: boolean }) {
  return when ? <LoadWhenIdle load={loadOffer} props={props} /> : null;
}
