import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], scrollMarginTop: `calc(4rem + ${vars.space['4']})` /* below the sticky top navigation */ });

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, color: vars.colour.text });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.colour.surfaceSunken,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.colour.textMuted });

export const value = style({ margin: 0, textAlign: 'end', color: vars.colour.text, fontWeight: vars.fontWeight.medium });

export const total = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const note = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.colour.textMuted });

export const dialogNote = style([note, { marginBlockStart: vars.space['3'] }]);

export const breakdown = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  margin: 0,
  marginBlockStart: vars.space['2'],
  paddingInline: vars.space['3'],
});

export const breakdownLine = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.colour.text, fontWeight: vars.fontWeight.medium, fontVariantNumeric: 'tabular-nums' });

export const breakdownNote = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.colour.textMuted });

/** Wraps one field so the card can find and focus it (data-booking-field). */
export const field = style({ display: 'contents' });
