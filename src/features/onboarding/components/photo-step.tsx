import { initials } from '../../../domain/initials.ts';
import { PROFILE_PHOTO_REQUIRED_HINT } from '../../../domain/messages.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { AlertIcon, CheckCircleIcon } from '../../../ui/icon/icons.tsx';
import { PhotoPicker } from '../../../ui/photo-picker/photo-picker.tsx';
import { ProgressBar } from '../../../ui/progress-bar/progress-bar.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import type { PhotoUpload } from '../use-photo-upload.ts';
import * as styles from './onboarding.css.ts';

export interface PhotoStepProps {
  name: string;
  /** Display URL (transformed, cache-busted) of the chosen photo, or empty. */
  photoSrc: string;
  hasPhoto: boolean;
  upload: PhotoUpload;
  onUploaded: (publicUrl: string) => void;
  /** Why the photo matters to this audience (guests or hosts). */
  blurb?: string;
}

const guestBlurb = 'A clear photo of your face helps hosts and housemates get to know you. Images up to 5 MB.';

/** Step 1 of both onboardings: the required profile photo, previewed in the avatar (docs/product.md §2, §5). */
export function PhotoStep({ name, photoSrc, hasPhoto, upload, onUploaded, blurb = guestBlurb }: PhotoStepProps) {
  async function handleSelect(files: File[]) {
    const [file] = files;
    if (!file) return;
    const url = await upload.upload(file);
    if (url) onUploaded(url);
  }

  return (
    <div className={styles.photoBlock}>
      <span className={styles.photoRing}>
        <Avatar size="xl" src={photoSrc || null} alt={hasPhoto ? `${name}'s profile photo` : name} initials={initials(name)} />
      </span>
      <PhotoPicker
        onSelect={handleSelect}
        isPending={upload.isUploading}
        isDisabled={upload.unavailableReason !== null}
        aria-describedby={upload.unavailableReason ? 'photo-unavailable-reason' : undefined}
        variant={hasPhoto ? 'outline' : 'primary'}
      >
        {hasPhoto ? 'Change Photo' : 'Upload Photo'}
      </PhotoPicker>
      {upload.unavailableReason ? (
        <Text as="p" tone="muted" id="photo-unavailable-reason" className={styles.hint}>
          <AlertIcon size={18} /> {upload.unavailableReason}
        </Text>
      ) : null}
      {upload.isUploading ? (
        <ProgressBar className={styles.uploadProgress} label="Uploading..." value={Math.round(upload.progress * 100)} />
      ) : hasPhoto ? (
        <Text as="p" tone="success" className={styles.hint}>
          <CheckCircleIcon size={18} /> Looking great! You can change it any time.
        </Text>
      ) : (
        <Text as="p" tone="muted" className={styles.hint}>
          <AlertIcon size={18} /> {PROFILE_PHOTO_REQUIRED_HINT}
        </Text>
      )}
      <Text size="sm" tone="muted">
        {blurb}
      </Text>
    </div>
  );
}
