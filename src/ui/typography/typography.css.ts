import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const heading = style({ color: vars.colour.text, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight, letterSpacing: '-0.01em' });

export const headingSize = styleVariants({
  sm: { fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold },
  md: { fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold },
  lg: { fontSize: vars.fontSize['2xl'] },
  xl: { fontSize: vars.fontSize['3xl'] },
  '2xl': { fontSize: `clamp(${vars.fontSize['3xl']}, 5vw, ${vars.fontSize['4xl']})` },
});

export const textSize = styleVariants({
  xs: { fontSize: vars.fontSize.xs },
  sm: { fontSize: vars.fontSize.sm },
  md: { fontSize: vars.fontSize.md },
  lg: { fontSize: vars.fontSize.lg },
});

export const tone = styleVariants({
  default: { color: vars.colour.text },
  muted: { color: vars.colour.textMuted },
  brand: { color: vars.colour.brand },
  danger: { color: vars.colour.dangerText },
  success: { color: vars.colour.successText },
});

export const weight = styleVariants({
  regular: { fontWeight: vars.fontWeight.regular },
  medium: { fontWeight: vars.fontWeight.medium },
  semibold: { fontWeight: vars.fontWeight.semibold },
  bold: { fontWeight: vars.fontWeight.bold },
});
