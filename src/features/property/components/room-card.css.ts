import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.sm]: { gridTemplateColumns: '11rem minmax(0, 1fr)' } },
});

export const selected = style({ outline: `2px solid ${vars.colour.brand}`, outlineOffset: '-1px' });

export const photoFrame = style({
  position: 'relative',
  aspectRatio: '4 / 3',
  background: vars.colour.surfaceSunken,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  '@media': { [media.sm]: { aspectRatio: 'auto', minHeight: '100%' } },
});

export const photo = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' });

export const noPhoto = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.colour.textSubtle,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], padding: vars.space['4'], minWidth: 0 });

export const titleRow = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['3'] });

export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.colour.text });

export const description = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal });

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.colour.textMuted,
  fontSize: vars.fontSize.sm,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  marginBlockStart: 'auto',
});

export const prices = style({ display: 'flex', flexDirection: 'column', gap: '2px' });

export const weekly = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, color: vars.colour.text });

export const monthly = style({ fontSize: vars.fontSize.sm, color: vars.colour.textMuted });
