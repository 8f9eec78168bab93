import { initials } from '../../../domain/initials.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import * as styles from './onboarding.css.ts';

/** The top of both onboarding previews (guest profile, Meet Your Host): photo, name and profession. */
export function PreviewHead({ name, photoSrc, profession }: { name: string; photoSrc: string; profession: string }) {
  return (
    <div className={styles.previewHead}>
      <Avatar size="lg" src={photoSrc || null} alt={name} initials={initials(name)} />
      <div className={styles.previewName}>
        <Heading level={3} size="md">
          {name}
        </Heading>
        <Text size="sm" tone="muted">
          {profession.trim()}
        </Text>
      </div>
    </div>
  );
}
