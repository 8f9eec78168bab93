import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The input and its show/hide toggle share one bordered box. */
export const group = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style({ paddingInlineEnd: `calc(${vars.control.heightMd} + ${vars.space['1']})` });

export const toggle = style({
  position: 'absolute',
  insetInlineEnd: vars.space['1'],
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: `calc(${vars.control.heightMd} - ${vars.space['2']})`,
  height: `calc(${vars.control.heightMd} - ${vars.space['2']})`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.colour.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.colour.text, background: vars.colour.surfaceSunken },
    '&[data-focus-visible], &:focus-visible': { boxShadow: `0 0 0 2px ${vars.colour.focusRing}` },
  },
  '@media': { '(hover: hover)': { selectors: { '&:hover': { color: vars.colour.text, background: vars.colour.surfaceSunken } } } },
});
