import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  background: vars.colour.surface,
  color: vars.colour.text,
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const elevation = styleVariants({
  flat: {},
  raised: { boxShadow: vars.shadow.sm },
  floating: { boxShadow: vars.shadow.md },
});

export const padding = styleVariants({
  none: { padding: 0 },
  sm: { padding: vars.space['3'] },
  md: { padding: vars.space['5'] },
  lg: { padding: vars.space['8'] },
});

/** Cards that are wholly clickable lift slightly on hover. */
export const interactive = style({
  transition: `box-shadow ${vars.duration.normal}, transform ${vars.duration.normal}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.md },
    '&:has(:focus-visible)': { boxShadow: vars.shadow.md },
  },
});
