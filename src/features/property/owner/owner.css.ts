import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['10'] });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.colour.brandSubtle,
  color: vars.colour.brandSubtleText,
});

export const toolbarText = style({ margin: 0, marginRight: 'auto', fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const hint = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const photoGrid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  outline: 'none',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
  selectors: { '&[data-drop-target]': { outline: `2px dashed ${vars.colour.brand}`, outlineOffset: '4px' } },
});

export const photoItem = style({
  position: 'relative',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.colour.border}`,
  background: vars.colour.surface,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `3px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
    '&[data-dragging]': { opacity: 0.5 },
  },
});

export const photoControls = style({
  position: 'absolute',
  insetInline: vars.space['2'],
  top: vars.space['2'],
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const photoButton = style({ background: vars.colour.surface, boxShadow: vars.shadow.sm, cursor: 'grab' });

export const coverBadge = style({ position: 'absolute', left: vars.space['2'], bottom: vars.space['2'] });

export const dropIndicator = style({
  selectors: {
    '&[data-drop-target]': { outline: `2px solid ${vars.colour.brand}`, outlineOffset: '2px', borderRadius: vars.radius.sm },
  },
});

export const emptyPhotos = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['8'],
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.colour.borderStrong}`,
  color: vars.colour.textMuted,
  textAlign: 'center',
});

export const uploadRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space['1'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.colour.surfaceSunken,
});

export const statLabel = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.colour.textMuted });

export const statValue = style({ margin: 0, fontSize: vars.fontSize['2xl'], fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });

export const upcomingList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const upcomingItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  paddingBlock: vars.space['3'],
  borderTop: `1px solid ${vars.colour.border}`,
  fontSize: vars.fontSize.sm,
});

export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const roomActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: vars.space['2'] });

export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const pair = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space['3'], paddingTop: vars.space['2'] });
