import { Badge } from '../../../ui/badge/badge.tsx';
import { CheckIcon } from '../../../ui/icon/icons.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import type { OnboardingDraft } from '../onboarding-draft.ts';
import { PreviewHead } from './preview-head.tsx';
import * as styles from './onboarding.css.ts';

export interface PreviewStepProps {
  name: string;
  photoSrc: string;
  draft: OnboardingDraft;
}

/** Step 6 "Profile Complete!": how hosts and housemates will see the profile. */
export function PreviewStep({ name, photoSrc, draft }: PreviewStepProps) {
  const bio = draft.bio.trim();
  return (
    <>
      <span className={styles.successMark} aria-hidden="true">
        <CheckIcon size={26} />
      </span>
      <Text tone="muted" style={{ textAlign: 'center' }}>
        Here's how your profile looks to hosts and housemates.
      </Text>
      <section className={styles.preview} aria-label="Profile preview">
        <PreviewHead name={name} photoSrc={photoSrc} profession={draft.profession} />
        {bio ? <Text>{bio}</Text> : null}
        <dl className={styles.previewFacts}>
          <dt className={styles.factLabel}>Work timezone</dt>
          <dd className={styles.factValue}>{draft.work_timezone.replace(/_/g, ' ')}</dd>
          <dt className={styles.factLabel}>Interests</dt>
          <dd className={styles.factValue}>
            {draft.interests.length > 0 ? (
              <span className={styles.chipGroup}>
                {draft.interests.map((interest) => (
                  <Badge key={interest} variant="brand">
                    {interest}
                  </Badge>
                ))}
              </span>
            ) : (
              <Text as="span" tone="muted">
                None yet
              </Text>
            )}
          </dd>
          <dt className={styles.factLabel}>Who's Staying</dt>
          <dd className={styles.factValue}>
            {draft.show_in_whos_staying ? <Badge variant="success">Visible to housemates</Badge> : <Badge variant="neutral">Hidden</Badge>}
          </dd>
        </dl>
      </section>
    </>
  );
}
