import { useState } from 'react';
import { Button as AriaButton, DropIndicator, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { PHOTO_DELETED, PHOTO_ORDER_UPDATED, PHOTOS_UPLOADED, DELETE_PHOTO_FAILED_TITLE, UPDATE_PHOTO_ORDER_FAILED_TITLE, UPLOAD_PHOTOS_FAILED_TITLE } from '../../../domain/messages.ts';
import { checkPhotoFiles, reorderItems } from '../../../domain/listing-photos.ts';
import type { PropertyRow } from '../../../db/tables.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { AlertDialog } from '../../../ui/alert-dialog/alert-dialog.tsx';
import { Badge } from '../../../ui/badge/badge.tsx';
import { BlurredImage } from '../../../ui/blurred-image/blurred-image.tsx';
import * as buttonStyles from '../../../ui/button/button.css.ts';
import { iconButtonClassName } from '../../../ui/button/button-class-name.ts';
import { CloseIcon, ImageIcon, MenuIcon } from '../../../ui/icon/icons.tsx';
import { PhotoPicker } from '../../../ui/photo-picker/photo-picker.tsx';
import { ProgressBar } from '../../../ui/progress-bar/progress-bar.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { displayPhotoUrl, placeholderPhotoUrl } from '../components/photo-url.ts';
import * as pageStyles from '../property-page.css.ts';
import { addPropertyPhotos, deletePropertyPhoto, savePhotoOrder } from './data/property-photos.ts';
import * as styles from './owner.css.ts';

/**
 * The owner's photos (docs/product.md §2, §5, §8): upload several at once with progress, reorder by dragging or
 * by keyboard (Enter on the handle, arrows, Enter), delete with a confirmation the first time.
 */
export function PhotoManager({ property, isOnline }: { property: PropertyRow; isOnline: boolean }) {
  // While a new order is being saved it is shown instead of the stored one; on failure it is dropped (reverts).
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [hasConfirmedDelete, setConfirmedDelete] = useState(false);
  const photos = pendingOrder ?? property.photos;
  const isBusy = progress !== null || pendingOrder !== null;

  async function upload(files: File[]) {
    const { accepted, rejection } = checkPhotoFiles(files);
    if (rejection) toast.error(rejection.title, rejection.description);
    if (accepted.length === 0) return;
    setProgress(0);
    try {
      await addPropertyPhotos(property.id, property.photos, accepted, setProgress);
      toast.success(PHOTOS_UPLOADED.title);
    } catch (error) {
      logger.warn('Uploading property photos failed', error);
      toast.error(UPLOAD_PHOTOS_FAILED_TITLE, errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  async function reorder(next: string[]) {
    setPendingOrder(next);
    try {
      await savePhotoOrder(property.id, next);
      toast.success(PHOTO_ORDER_UPDATED.title);
    } catch (error) {
      logger.warn('Saving the photo order failed', error);
      toast.error(UPDATE_PHOTO_ORDER_FAILED_TITLE, errorMessage(error));
    } finally {
      setPendingOrder(null);
    }
  }

  async function remove(url: string) {
    try {
      await deletePropertyPhoto(property.id, property.photos, url);
      toast.success(PHOTO_DELETED.title);
    } catch (error) {
      logger.warn('Deleting a photo failed', error);
      toast.error(DELETE_PHOTO_FAILED_TITLE, errorMessage(error));
      throw error;
    }
  }

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      if (event.target.dropPosition === 'on') return;
      const next = reorderItems(photos, new Set([...event.keys].map(String)), String(event.target.key), event.target.dropPosition);
      if (next.some((url, index) => url !== photos[index])) void reorder(next);
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className={styles.dropIndicator} />,
    isDisabled: isBusy || !isOnline,
  });

  return (
    <section className={pageStyles.section} aria-labelledby="owner-photos-title">
      <div className={pageStyles.sectionHeader}>
        <h2 id="owner-photos-title" className={pageStyles.sectionTitle}>
          Photos
        </h2>
        <PhotoPicker allowsMultiple onSelect={(files) => void upload(files)} isPending={progress !== null} isDisabled={!isOnline || pendingOrder !== null}>
          Upload photos
        </PhotoPicker>
      </div>
      <p className={styles.hint}>
        Images up to 5 MB each. The first photo is the cover: drag photos by their handle, or focus a handle, press Enter, move with the arrow keys and press Enter again.
      </p>
      {progress !== null ? <ProgressBar label="Uploading photos" value={Math.round(progress * 100)} /> : null}
      {photos.length === 0 ? (
        <div className={styles.emptyPhotos}>
          <ImageIcon size={28} />
          <span>No photos yet. Listings with photos get more requests.</span>
        </div>
      ) : (
        <GridList
          aria-label={`Photos of ${property.name}`}
          layout="grid"
          items={photos.map((url, index) => ({ id: url, url, index }))}
          dragAndDropHooks={dragAndDropHooks}
          className={styles.photoGrid}
        >
          {(item) => (
            <GridListItem id={item.id} textValue={`Photo ${item.index + 1}`} className={styles.photoItem}>
              <BlurredImage
                src={displayPhotoUrl(item.url)}
                placeholderSrc={placeholderPhotoUrl(item.url)}
                alt={`Photo ${item.index + 1} of ${property.name}`}
                width={1200}
                height={900}
              />
              <div className={styles.photoControls}>
                <AriaButton slot="drag" aria-label={`Move photo ${item.index + 1}`} className={[buttonStyles.base, buttonStyles.variant.ghost, buttonStyles.iconSize.sm, styles.photoButton].join(' ')}>
                  <MenuIcon size={16} />
                </AriaButton>
                {/* react-aria's button, like the drag handle: a press inside a GridList row stays the button's. */}
                <AriaButton
                  aria-label={`Delete photo ${item.index + 1}`}
                  className={[iconButtonClassName({ size: 'sm' }), styles.photoButton].join(' ')}
                  isDisabled={!isOnline || isBusy}
                  onPress={() => {
                    if (hasConfirmedDelete) void remove(item.url).catch(() => undefined);
                    else setToDelete(item.url);
                  }}
                >
                  <span className={buttonStyles.icon}>
                    <CloseIcon size={16} />
                  </span>
                </AriaButton>
              </div>
              {item.index === 0 ? (
                <span className={styles.coverBadge}>
                  <Badge variant="solid">Cover</Badge>
                </span>
              ) : null}
            </GridListItem>
          )}
        </GridList>
      )}
      <AlertDialog
        title="Delete Photo"
        confirmLabel="Delete"
        isOpen={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null);
        }}
        onConfirm={async () => {
          if (!toDelete) return;
          await remove(toDelete);
          setConfirmedDelete(true);
        }}
      >
        This photo will be removed from your listing. Later deletes on this page will not ask again.
      </AlertDialog>
    </section>
  );
}
