import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const footer = style({
  borderTop: `1px solid ${vars.colour.border}`,
  background: vars.colour.surface,
  marginTop: vars.space['12'],
});

export const inner = style({
  maxWidth: '75rem',
  marginInline: 'auto',
  padding: `${vars.space['8']} ${vars.space['4']}`,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.md]: { gridTemplateColumns: '1fr auto', alignItems: 'center', paddingInline: vars.space['6'] } },
});

export const brand = style({
  margin: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.bold,
  color: vars.colour.brand,
  fontSize: vars.fontSize.lg,
});

export const brandMark = style({ display: 'block', width: '1.75rem', height: '1.75rem', flexShrink: 0 });

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['4'] });

export const copyright = style({
  margin: 0,
  color: vars.colour.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [media.md]: { gridColumn: '1 / -1' } },
});
