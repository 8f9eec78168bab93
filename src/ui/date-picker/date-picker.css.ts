import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const group = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  paddingInlineEnd: vars.space['1'],
  paddingBlock: 0,
});

export const dateInput = style({
  display: 'flex',
  flex: 1,
  minWidth: 0,
  fontVariantNumeric: 'tabular-nums',
});

export const segment = style({
  paddingInline: '1px',
  borderRadius: vars.radius.sm,
  outline: 'none',
  caretColor: 'transparent',
  selectors: {
    '&[data-placeholder]': { color: vars.colour.textSubtle },
    '&[data-type="literal"]': { paddingInline: 0, color: vars.colour.textMuted },
    '&[data-focused]': { background: vars.colour.brand, color: vars.colour.onBrand },
    '&[data-disabled]': { color: vars.colour.textSubtle },
  },
});

export const calendarButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2rem',
  height: '2rem',
  flexShrink: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.colour.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.colour.surfaceHover, color: vars.colour.text },
    '&[data-pressed]': { background: vars.colour.surfaceSunken },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const calendar = style({ padding: vars.space['3'], width: 'max-content' });

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  marginBottom: vars.space['2'],
});

export const calendarTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, margin: 0 });

export const grid = style({ borderCollapse: 'collapse' });

export const weekday = style({
  width: '2.5rem',
  paddingBottom: vars.space['1'],
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.colour.textMuted,
  textAlign: 'center',
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { background: vars.colour.surfaceHover },
    '&[data-pressed]': { background: vars.colour.surfaceSunken },
    '&[data-today]': { fontWeight: vars.fontWeight.bold, color: vars.colour.brand },
    '&[data-selected]': { background: vars.colour.brand, color: vars.colour.onBrand },
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '1px' },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.colour.textSubtle,
      textDecoration: 'line-through',
      cursor: 'not-allowed',
      background: 'transparent',
    },
  },
});
