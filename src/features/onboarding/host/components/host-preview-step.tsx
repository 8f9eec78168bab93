import { Badge } from '../../../../ui/badge/badge.tsx';
import { CheckIcon } from '../../../../ui/icon/icons.tsx';
import { Text } from '../../../../ui/typography/typography.tsx';
import type { HostDraft } from '../host-draft.ts';
import { PreviewHead } from '../../components/preview-head.tsx';
import * as styles from '../../components/onboarding.css.ts';
import * as hostStyles from './host-onboarding.css.ts';

export interface HostPreviewStepProps {
  name: string;
  photoSrc: string;
  draft: HostDraft;
}

/** Host step 4 "You're All Set!": the Meet Your Host card as guests will see it, and the visibility. */
export function HostPreviewStep({ name, photoSrc, draft }: HostPreviewStepProps) {
  const bio = draft.bio.trim();
  return (
    <>
      <span className={styles.successMark} aria-hidden="true">
        <CheckIcon size={26} />
      </span>
      <section className={styles.preview} aria-labelledby="meet-your-host">
        <span id="meet-your-host" className={hostStyles.cardLabel}>
          Meet Your Host
        </span>
        <PreviewHead name={name} photoSrc={photoSrc} profession={draft.profession} />
        {bio ? <Text>{bio}</Text> : null}
      </section>
      <div className={hostStyles.visibilityRow}>
        <Text weight="medium">Profile visibility</Text>
        {draft.is_visible_to_guests ? <Badge variant="success">Visible</Badge> : <Badge variant="neutral">Hidden</Badge>}
      </div>
      {draft.is_visible_to_guests ? null : (
        <Text size="sm" tone="muted">
          Guests won't see a host card on your listings. You can change this any time on your profile.
        </Text>
      )}
    </>
  );
}
