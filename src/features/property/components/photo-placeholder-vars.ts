// Names of the per-slide CSS variables that carry the gallery's placeholder URLs (see property-page.css.ts).
export const MAX_PLACEHOLDER_SLIDES = 30;
export const placeholderVar = (index: number): string => `--photo-placeholder-${index}`;
