import { useState } from 'react';
import { initials } from '../../../domain/initials.ts';
import { OFFLINE_UPLOAD_REASON, PROFILE_PHOTO_UPDATE_FAILED, PROFILE_PHOTO_UPDATED } from '../../../domain/messages.ts';
import { photoFileSchema } from '../../../domain/schemas/photo-file.ts';
import { validateForm } from '../../../domain/schemas/validate-form.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { logger } from '../../../lib/logger.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { PhotoPicker } from '../../../ui/photo-picker/photo-picker.tsx';
import { ProgressBar } from '../../../ui/progress-bar/progress-bar.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { replaceProfilePhoto } from '../data/profile.ts';
import { profilePhotoSrc } from '../../../hooks/profile-photo-src.ts';
import * as styles from './profile.css.ts';

export interface PhotoCardProps {
  userId: string;
  name: string;
  email: string | null;
  photoUrl: string | null;
  onPhotoChanged: () => void;
}

/**
 * Avatar with initials fallback, Change Photo, "Uploading..." with progress while busy (docs/product.md §2, §8).
 * Uploading needs the network: offline the button is disabled and says why.
 */
export function PhotoCard({ userId, name, email, photoUrl, onPhotoChanged }: PhotoCardProps) {
  const [isUploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  // The t= cache-buster changes when the photo does, so a replaced photo is fetched again.
  const [version, setVersion] = useState(() => Date.now());
  const isOnline = useIsOnline();

  async function handleSelect(files: File[]) {
    const [file] = files;
    if (!file) return;
    const checked = validateForm(photoFileSchema, file);
    if (!checked.ok) {
      toast.error(checked.toast.title, checked.toast.description);
      return;
    }
    setUploading(true);
    setProgress(0);
    try {
      await replaceProfilePhoto(userId, file, photoUrl, setProgress);
      setVersion(Date.now());
      onPhotoChanged();
      toast.success(PROFILE_PHOTO_UPDATED.title, PROFILE_PHOTO_UPDATED.description);
    } catch (error) {
      logger.warn('Profile photo update failed', error);
      toast.error(PROFILE_PHOTO_UPDATE_FAILED.title, PROFILE_PHOTO_UPDATE_FAILED.description);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Card as="section" padding="md" className={[styles.card, styles.photoCard].join(' ')} aria-label="Profile photo">
      <span className={styles.photoRing}>
        <Avatar size="xl" src={profilePhotoSrc(photoUrl, version) || null} alt={name} initials={initials(name)} />
      </span>
      <Heading level={2} size="md" className={styles.photoName}>
        {name}
      </Heading>
      {email ? (
        <Text size="sm" tone="muted" className={styles.photoName}>
          {email}
        </Text>
      ) : null}
      <PhotoPicker onSelect={handleSelect} isDisabled={isUploading || !isOnline} aria-describedby={isOnline ? undefined : 'photo-offline-reason'}>
        {isUploading ? 'Uploading...' : 'Change Photo'}
      </PhotoPicker>
      {isOnline ? null : (
        <Text as="p" size="sm" tone="muted" id="photo-offline-reason" className={styles.offlineReason}>
          {OFFLINE_UPLOAD_REASON}
        </Text>
      )}
      {isUploading ? <ProgressBar className={styles.uploadProgress} label="Upload progress" hideLabel value={Math.round(progress * 100)} /> : null}
      <Text size="xs" tone="muted">
        JPG, PNG or WebP, up to 5 MB.
      </Text>
    </Card>
  );
}
