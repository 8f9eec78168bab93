import { useEffect, useMemo } from 'react';
import { checkPhotoFiles } from '../../../domain/listing-photos.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { BlurredImage } from '../../../ui/blurred-image/blurred-image.tsx';
import { IconButton } from '../../../ui/icon-button/icon-button.tsx';
import { CloseIcon } from '../../../ui/icon/icons.tsx';
import { PhotoPicker } from '../../../ui/photo-picker/photo-picker.tsx';
import { ProgressBar } from '../../../ui/progress-bar/progress-bar.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import * as styles from '../host-listing.css.ts';
import { PHOTO_BOX, photoSources } from '../photo-sources.ts';

export interface PhotoDraftsFieldProps {
  /** Photos already stored (edit mode), in display order. */
  stored: readonly string[];
  onStoredChange: (photos: string[]) => void;
  /** Picked files, uploaded when the form is saved. */
  pending: readonly File[];
  onPendingChange: (files: File[]) => void;
  /** 0…1 while the save uploads, else null. */
  progress: number | null;
  isDisabled?: boolean;
  subject: string;
}

/** Previews of picked files; object URLs are released when the files change or the field unmounts. */
function usePreviewUrls(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** Photos of a form: image files only, ≤ 5 MB each (docs/product.md §5), several at once, removable before saving. */
export function PhotoDraftsField({ stored, onStoredChange, pending, onPendingChange, progress, isDisabled, subject }: PhotoDraftsFieldProps) {
  const previews = usePreviewUrls(pending);
  const total = stored.length + pending.length;

  const addFiles = (files: File[]) => {
    const { accepted, rejection } = checkPhotoFiles(files);
    if (rejection) toast.error(rejection.title, rejection.description);
    if (accepted.length) onPendingChange([...pending, ...accepted]);
  };

  return (
    <section className={styles.section} aria-labelledby="photos-heading">
      <h2 id="photos-heading" className={styles.sectionTitle}>Photos</h2>
      <p className={styles.sectionHint}>Images only, up to 5 MB each. The first photo is the cover.</p>
      {total > 0 ? (
        <ul className={styles.photoGrid} aria-label={`Photos of ${subject}`}>
          {stored.map((url, index) => (
            <li key={url} className={styles.photoTile}>
              <BlurredImage {...photoSources(url)} alt={`Photo ${index + 1} of ${subject}`} width={PHOTO_BOX.width} height={PHOTO_BOX.height} />
              <IconButton
                aria-label={`Remove photo ${index + 1}`}
                size="sm"
                icon={<CloseIcon size={16} />}
                className={styles.photoRemove}
                isDisabled={isDisabled}
                onPress={() => onStoredChange(stored.filter((photo) => photo !== url))}
              />
            </li>
          ))}
          {pending.map((file, index) => (
            <li key={previews[index]} className={styles.photoTile}>
              <BlurredImage src={previews[index] ?? ''} alt={`New photo ${file.name}`} width={PHOTO_BOX.width} height={PHOTO_BOX.height} />
              <span className={styles.newBadge}>
                <Badge variant="brand">New</Badge>
              </span>
              <IconButton
                aria-label={`Remove new photo ${file.name}`}
                size="sm"
                icon={<CloseIcon size={16} />}
                className={styles.photoRemove}
                isDisabled={isDisabled}
                onPress={() => onPendingChange(pending.filter((_, other) => other !== index))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {progress !== null ? <ProgressBar label="Uploading photos" value={Math.round(progress * 100)} /> : null}
      <div>
        <PhotoPicker allowsMultiple onSelect={addFiles} isDisabled={isDisabled}>
          {total > 0 ? 'Add more photos' : 'Add photos'}
        </PhotoPicker>
      </div>
    </section>
  );
}
