import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const avatar = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.colour.brandSubtle,
  color: vars.colour.brandSubtleText,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  userSelect: 'none',
});

// Fixed boxes: the image loading or failing never changes layout.
export const size = styleVariants({
  xs: { width: '1.5rem', height: '1.5rem', fontSize: '0.625rem' },
  sm: { width: '2rem', height: '2rem', fontSize: vars.fontSize.xs },
  md: { width: '2.5rem', height: '2.5rem', fontSize: vars.fontSize.sm },
  lg: { width: '4rem', height: '4rem', fontSize: vars.fontSize.xl },
  xl: { width: '6rem', height: '6rem', fontSize: vars.fontSize['3xl'] },
});

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});
