import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const shell = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });

export const main = style({ flex: 1, outline: 'none' });

export const skipLink = style({
  position: 'absolute',
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
