import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const stars = style({ display: 'inline-flex', gap: '1px', lineHeight: 1 });

export const size = styleVariants({
  sm: { fontSize: vars.fontSize.md },
  md: { fontSize: vars.fontSize.xl },
});

// Amber on white passes 3:1 for graphics; text beside the stars carries the value.
export const filled = style({ color: '#d97706' });
export const empty = style({ color: vars.colour.border });

export const inputGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const inputLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.colour.text });

export const inputStars = style({ display: 'flex', gap: vars.space['1'] });

export const inputStar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.md,
  fontSize: '1.75rem',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.colour.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
