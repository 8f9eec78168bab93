import { memo, type CSSProperties } from 'react';
import { Carousel } from '../../../ui/carousel/carousel.tsx';
import * as styles from '../property-page.css.ts';
import { MAX_PLACEHOLDER_SLIDES, placeholderVar } from './photo-placeholder-vars.ts';
import { displayPhotoUrl, GALLERY_PHOTO_SIZES, galleryPhotoSrcSet, placeholderPhotoUrl } from './photo-url.ts';

/** The listing's photos: wraps around, fixed 16:9 frame (no layout shift), blurred 40 px placeholders. */
export const PhotoGallery = memo(function PhotoGallery({ name, photos }: { name: string; photos: readonly string[] }) {
  const images = photos.map((photo, index) => ({
    src: displayPhotoUrl(photo),
    srcSet: galleryPhotoSrcSet(photo),
    sizes: GALLERY_PHOTO_SIZES,
    alt: `${name}, photo ${index + 1} of ${photos.length}`,
  }));
  const placeholders = Object.fromEntries(
    photos.slice(0, MAX_PLACEHOLDER_SLIDES).map((photo, index) => [placeholderVar(index), `url("${placeholderPhotoUrl(photo)}")`]),
  ) as CSSProperties;
  return (
    <div className={styles.gallery} style={placeholders}>
      <Carousel images={images} label={`Photos of ${name}`} aspectRatio="16 / 9" isPriority />
    </div>
  );
});
