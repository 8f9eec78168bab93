import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: 'none', borderColor: vars.colour.focusRing, boxShadow: `0 0 0 1px ${vars.colour.focusRing}` },
    '&[data-pressed]': { borderColor: vars.colour.focusRing },
  },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.colour.textSubtle } },
});

export const chevron = style({ flexShrink: 0, color: vars.colour.textMuted });

export const listBox = style({
  padding: vars.space['1'],
  outline: 'none',
  maxHeight: 'inherit',
  overflow: 'auto',
  minWidth: 'var(--trigger-width)',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minHeight: '2.25rem',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.colour.surfaceHover },
    '&[data-selected]': { fontWeight: vars.fontWeight.semibold, color: vars.colour.brand },
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { color: vars.colour.textSubtle, cursor: 'not-allowed' },
  },
});
