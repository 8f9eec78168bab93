import { InfoTip } from '../../../ui/tooltip/tooltip.tsx';
import { Switch } from '../../../ui/switch/switch.tsx';
import * as styles from './onboarding.css.ts';

export interface PrivacyStepProps {
  showInWhosStaying: boolean;
  onChange: (value: boolean) => void;
}

const whosStayingHelp =
  "Who's Staying lets guests with confirmed bookings at the same villa see who they'll be living with: your first initial, age range, profession, timezone and up to 3 interests. Never your full name or contact details.";

/** Step 5 Privacy Settings: the Who's Staying switch with a tooltip and notes (docs/product.md §2). */
export function PrivacyStep({ showInWhosStaying, onChange }: PrivacyStepProps) {
  return (
    <>
      <div className={styles.switchRow}>
        <Switch isSelected={showInWhosStaying} onChange={onChange} description="Let other guests see your profile when you have confirmed bookings">
          Show me in Who's Staying
        </Switch>
        <InfoTip label="About Who's Staying" content={whosStayingHelp} placement="bottom" />
      </div>
      <ul className={styles.notes}>
        <li>Only guests with a confirmed booking at the same property can see you, and only around your stay.</li>
        <li>They see your first initial, never your full name, e-mail or exact age.</li>
        <li>Hosts see housemate details only for guests who opted in.</li>
        <li>You can change this any time on your profile page.</li>
      </ul>
    </>
  );
}
