import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const tooltip = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: '18rem',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.colour.text,
  color: vars.colour.textInverse,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  boxShadow: vars.shadow.md,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.duration.fast}` },
    '&[data-exiting]': { animation: `${fadeIn} ${vars.duration.fast} reverse` },
  },
});

export const arrow = style({
  display: 'block',
  fill: vars.colour.text,
  selectors: {
    '[data-placement="bottom"] &': { transform: 'rotate(180deg)' },
    '[data-placement="left"] &': { transform: 'rotate(-90deg)' },
    '[data-placement="right"] &': { transform: 'rotate(90deg)' },
  },
});

export const infoButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.75rem',
  height: '1.75rem',
  padding: 0,
  verticalAlign: 'middle',
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.colour.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered], &[data-pressed]': { color: vars.colour.brand, background: vars.colour.surfaceHover },
  },
});

export const toggletipDialog = style({ outline: 'none' });
