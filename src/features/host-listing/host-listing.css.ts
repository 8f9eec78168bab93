import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'] });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const sectionHint = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

/** Two fields side by side from tablet width up. */
export const pair = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const triple = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const amenityGrid = style({
  display: 'grid',
  gap: vars.space['2'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
});

export const groupLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, marginBottom: vars.space['2'] });

export const customRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-end' });

export const grow = style({ flex: 1, minWidth: 0 });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], listStyle: 'none', margin: 0, padding: 0 });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  paddingInlineStart: vars.space['3'],
  borderRadius: vars.radius.full,
  background: vars.colour.brandSubtle,
  color: vars.colour.brandSubtleText,
  fontSize: vars.fontSize.sm,
});

export const photoGrid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const photoTile = style({ position: 'relative', borderRadius: vars.radius.md, overflow: 'hidden', border: `1px solid ${vars.colour.border}` });

export const photoRemove = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
  background: vars.colour.surface,
  boxShadow: vars.shadow.sm,
});

export const newBadge = style({ position: 'absolute', left: vars.space['2'], bottom: vars.space['2'] });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  justifyContent: 'flex-end',
  alignItems: 'center',
  paddingTop: vars.space['2'],
  borderTop: `1px solid ${vars.colour.border}`,
});

export const actionHint = style({ margin: 0, marginRight: 'auto', color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const loading = style({ display: 'flex', justifyContent: 'center', padding: vars.space['12'] });

/** The hosts-only notice a guest sees instead of the property form. */
export const notice = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const noticeText = style({ margin: 0, color: vars.colour.textMuted, lineHeight: vars.lineHeight.relaxed });

export const noticeActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
