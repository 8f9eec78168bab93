import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const group = style({
  display: 'flex',
  alignItems: 'stretch',
  padding: 0,
  overflow: 'hidden',
});

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  background: 'transparent',
  paddingInline: vars.space['3'],
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
});

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  flexShrink: 0,
  border: 'none',
  borderInlineStart: `1px solid ${vars.colour.border}`,
  background: vars.colour.surfaceSunken,
  color: vars.colour.text,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.colour.surfaceHover },
    '&[data-pressed]': { background: vars.colour.border },
    '&[data-disabled]': { color: vars.colour.textSubtle, cursor: 'not-allowed', opacity: 0.6 },
    '&[data-focus-visible]': { outlineOffset: '-2px' },
  },
});

export const stepperStart = style({ borderInlineStart: 'none', borderInlineEnd: `1px solid ${vars.colour.border}` });
