import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

/** Phones: the panel is folded behind this button (hidden from tablet width up, where the panel always shows). */
export const filtersToggle = style({
  marginBlockEnd: vars.space['4'],
  '@media': { [media.md]: { display: 'none' } },
});

export const filters = style({
  display: 'none',
  gap: vars.space['4'],
  alignItems: 'end',
  marginBlockEnd: vars.space['6'],
  padding: vars.space['4'],
  background: vars.colour.surface,
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  selectors: { '&[data-open]': { display: 'grid' } },
  '@media': {
    [media.md]: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', padding: vars.space['5'] },
  },
});

// On phones the Filters button right above already says it; the heading shows from tablet width up.
export const filtersHeading = style({
  display: 'none',
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  '@media': { [media.md]: { display: 'block', gridColumn: '1 / -1' } },
});

export const clearAll = style({ justifySelf: 'start', '@media': { [media.md]: { gridColumn: '1 / -1', justifySelf: 'end' } } });

/** The height of a labelled field (label + control), for the stay fields while they load. */
/** Offline, or dates that could not be checked: said above the cards. */
export const notice = style({
  margin: 0,
  marginBlockEnd: vars.space['4'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.colour.warningSubtle,
  color: vars.colour.warningText,
  fontSize: vars.fontSize.sm,
});

export const resultBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minHeight: '1.5rem',
  marginBlockEnd: vars.space['4'],
  fontSize: vars.fontSize.sm,
  color: vars.colour.textMuted,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  gap: vars.space['6'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({ height: '100%' });

// The blurred placeholder sits under the carousel and shows through until the photo has loaded.
export const photoFrame = style({ position: 'relative', isolation: 'isolate', overflow: 'hidden', background: vars.colour.surfaceSunken });

globalStyle(`${photoFrame} > section`, { background: 'transparent' });

export const placeholder = style({
  position: 'absolute',
  inset: 0,
  zIndex: -1,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  filter: 'blur(12px)',
  transform: 'scale(1.1)',
});

export const body = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  flexGrow: 1,
  padding: vars.space['4'],
});

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  fontWeight: vars.fontWeight.semibold,
});

// The title link covers the card's text area, so the whole lower card is one big target.
export const titleLink = style({
  color: vars.colour.text,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&[data-hovered]': { color: vars.colour.brand },
    '&[data-focus-visible]': { outline: 'none' },
    '&[data-focus-visible]::after': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '-2px', borderRadius: vars.radius.lg },
  },
});

export const location = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.colour.textMuted, minWidth: 0 });

/** Location on the left, the review summary on the right (wrapping under it on a narrow card). */
export const subline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: vars.space['3'], rowGap: vars.space['1'] });

export const rating = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.colour.textMuted, whiteSpace: 'nowrap' });

export const star = style({ color: vars.colour.warning });

export const ratingAverage = style({ color: vars.colour.text, fontWeight: vars.fontWeight.semibold });

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  marginBlockStart: 'auto',
  paddingBlockStart: vars.space['2'],
  minHeight: '2rem',
});

export const price = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, color: vars.colour.text });

export const priceMuted = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.colour.textMuted });

export const skeletonBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], padding: vars.space['4'] });

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['4'],
  paddingBlock: vars.space['16'],
  paddingInline: vars.space['4'],
  textAlign: 'center',
  color: vars.colour.textMuted,
  border: `1px dashed ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  background: vars.colour.surface,
});

export const emptyText = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.colour.text });

/** Below the grid: how many of the matches are shown, and the button for the next page. */
export const showMore = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  marginBlockStart: vars.space['6'],
});

export const showMoreCount = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.colour.textMuted });
