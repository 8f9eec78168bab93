import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

// Off screen until it has keyboard focus, then a small card in the top-left corner of the viewport.
export const skipLink = style({
  position: 'fixed',
  left: vars.space['4'],
  top: '-4rem',
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.colour.surface,
  color: vars.colour.brand,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  selectors: { '&:focus': { top: vars.space['2'] } },
});
