import { useState } from 'react';
import { OFFLINE_UPLOAD_REASON, PHOTO_UPLOAD_NO_CONNECTION, serverErrorToast } from '../../domain/messages.ts';
import { photoFileSchema } from '../../domain/schemas/photo-file.ts';
import { validateForm } from '../../domain/schemas/validate-form.ts';
import { useIsOnline } from '../../hooks/use-is-online.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { logger } from '../../lib/logger.ts';
import { toRemoteError } from '../../remote/errors.ts';
import { toast } from '../../ui/toast/toast-queue.ts';
import { uploadProfilePhoto } from './data/onboarding-profile.ts';

export interface PhotoUpload {
  /** The public URL, or null when the file was refused or the upload failed (a toast says why). */
  upload(file: File): Promise<string | null>;
  isUploading: boolean;
  /** 0…1 while uploading. */
  progress: number;
  /** Why uploading is not possible now (offline), or null. */
  unavailableReason: string | null;
}

/**
 * The onboardings' profile photo (docs/product.md §5, §8): image only, ≤ 5 MB ("File too large"), upload errors
 * show the server's message. Uploading needs the network: offline it is unavailable with a reason, and
 * a connection lost mid-upload is said in words, never as the browser's raw fetch error.
 */
export function usePhotoUpload(userId: string): PhotoUpload {
  const [isUploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const isOnline = useIsOnline();

  async function upload(file: File): Promise<string | null> {
    const checked = validateForm(photoFileSchema, file);
    if (!checked.ok) {
      toast.error(checked.toast.title, checked.toast.description);
      return null;
    }
    setUploading(true);
    setProgress(0);
    try {
      return await uploadProfilePhoto(userId, file, setProgress);
    } catch (error) {
      logger.warn('Profile photo upload failed', error);
      const failure = toRemoteError(error).kind === 'network' ? PHOTO_UPLOAD_NO_CONNECTION : serverErrorToast(errorMessage(error));
      toast.error(failure.title, failure.description);
      return null;
    } finally {
      setUploading(false);
    }
  }

  return { upload, isUploading, progress, unavailableReason: isOnline ? null : OFFLINE_UPLOAD_REASON };
}
