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

// ---- payment plan (docs/decisions/pay-monthly.md) ----

export const plan = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], margin: 0, padding: 0, border: 0, minWidth: 0 });

export const planLegend = style({ padding: 0, marginBlockEnd: vars.space['2'], fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.colour.text });

export const planOptions = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: vars.space['2'] });

export const planOption = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.md,
  background: vars.colour.surface,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  color: vars.colour.text,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.colour.brand, background: vars.colour.brandSubtle, boxShadow: `0 0 0 1px ${vars.colour.brand}` },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { '(hover: hover)': { selectors: { '&:hover': { borderColor: vars.colour.borderStrong } } } },
});

export const planInput = style({ flexShrink: 0, margin: '0.125rem 0 0', width: '1rem', height: '1rem', accentColor: vars.colour.brand, outline: 'none' });

export const planText = style({ display: 'flex', flexDirection: 'column', gap: '2px', fontWeight: vars.fontWeight.semibold });

export const planHint = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.regular, color: vars.colour.textMuted });

export const schedule = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  margin: 0,
  padding: vars.space['3'],
  listStyle: 'none',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.colour.border}`,
  fontSize: vars.fontSize.sm,
});

export const scheduleRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['4'], color: vars.colour.text, fontVariantNumeric: 'tabular-nums' });

export const scheduleAmount = style({ fontWeight: vars.fontWeight.medium });

export const scheduleBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
