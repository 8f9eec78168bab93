import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';
import { MAX_PLACEHOLDER_SLIDES, placeholderVar } from './components/photo-placeholder-vars.ts';

export const headerMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.colour.textMuted,
  fontSize: vars.fontSize.sm,
});

export const gallery = style({ minWidth: 0 });

// Every slide's tiny placeholder sits behind its photo while the photo loads (docs/product.md §7: width 40,
// quality 10). The carousel renders the <img>, so the URL reaches it through a CSS variable per slide.
for (let index = 0; index < MAX_PLACEHOLDER_SLIDES; index += 1) {
  globalStyle(`${gallery} [aria-roledescription="slide"]:nth-child(${index + 1}) img`, {
    backgroundImage: `var(${placeholderVar(index)})`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  });
}

/**
 * Phone: one column in reading-and-booking order (photos, about, rooms, booking card, host, …): the
 * two columns dissolve (display: contents) and `order` places their children. From lg the columns
 * are real: details on the left, booking and host cards sticky on the right.
 */
// The app's top navigation is sticky and 4rem tall: sticky cards and scroll targets stop below it.
const NAV_HEIGHT = '4rem';

export const layout = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['10'],
  '@media': {
    [media.lg]: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 22.5rem', alignItems: 'start', gap: vars.space['8'] },
  },
});

// The owner's page has no booking side: its details use the whole width instead of leaving a third empty.
export const layoutWithoutSide = style({
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const mainColumn = style({
  display: 'contents',
  '@media': { [media.lg]: { display: 'flex', flexDirection: 'column', gap: vars.space['10'], minWidth: 0 } },
});

export const sideColumn = style({
  display: 'contents',
  '@media': {
    [media.lg]: { display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0, position: 'sticky', top: `calc(${NAV_HEIGHT} + ${vars.space['6']})` },
  },
});

export const order = styleVariants({
  gallery: { order: 1 },
  about: { order: 2 },
  rooms: { order: 3 },
  booking: { order: 4 },
  host: { order: 5 },
  housemates: { order: 6 },
  reviews: { order: 7 },
});

/** The loading frame matches the page frame, so content replaces it without a jump. */
export const loadingFrame = style({
  width: '100%',
  maxWidth: '75rem',
  marginInline: 'auto',
  paddingInline: vars.space['4'],
  paddingBlock: vars.space['8'],
  '@media': { [media.md]: { paddingInline: vars.space['6'], paddingBlock: vars.space['10'] } },
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.colour.text,
});

export const prose = style({
  margin: 0,
  color: vars.colour.textMuted,
  lineHeight: vars.lineHeight.relaxed,
  whiteSpace: 'pre-line',
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], margin: 0, padding: 0, listStyle: 'none' });

export const factList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const muted = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const skeletonStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['10'], minWidth: 0 });

export const offlineNotice = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space['4'] });

export const offlineText = style({ margin: 0, color: vars.colour.textMuted });
