import { InfoIcon } from '../../../../ui/icon/icons.tsx';
import { Switch } from '../../../../ui/switch/switch.tsx';
import { InfoTip } from '../../../../ui/tooltip/tooltip.tsx';
import * as styles from '../../components/onboarding.css.ts';
import * as hostStyles from './host-onboarding.css.ts';

export interface VisibilityStepProps {
  isVisibleToGuests: boolean;
  onChange: (value: boolean) => void;
}

const visibilityHelp =
  'When on, guests see your photo, name, bio and profession in a Meet Your Host card on your listings and can message you from there. When off, the card is hidden.';

/** Host step 3 Contact Preferences: is_visible_to_guests with a tooltip and a tip about trust (docs/product.md §2). */
export function VisibilityStep({ isVisibleToGuests, onChange }: VisibilityStepProps) {
  return (
    <>
      <div className={styles.switchRow}>
        <Switch isSelected={isVisibleToGuests} onChange={onChange} description="Guests can see your photo, name, bio and profession on your listings">
          Show my profile to guests
        </Switch>
        <InfoTip label="About showing your profile" content={visibilityHelp} placement="bottom" />
      </div>
      <p className={hostStyles.tip}>
        <InfoIcon size={18} className={hostStyles.tipIcon} />
        <span>
          <strong>Tip:</strong> guests trust hosts they can see. Listings with a visible host profile get more booking requests, and
          long stays start with trust.
        </span>
      </p>
    </>
  );
}
