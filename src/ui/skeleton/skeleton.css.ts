import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

const pulse = keyframes({
  '0%, 100%': { opacity: 1 },
  '50%': { opacity: 0.45 },
});

export const skeleton = style({
  display: 'block',
  background: vars.colour.skeleton,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': {
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const shape = styleVariants({
  text: { height: '1em', borderRadius: vars.radius.sm, marginBlock: '0.25em' },
  rect: { borderRadius: vars.radius.md },
  circle: { borderRadius: vars.radius.full },
});

/** A placeholder whose photo slot may be filled: the photo covers it, and it stops pulsing once shown. */
export const withPhoto = style({
  position: 'relative',
  overflow: 'hidden',
  selectors: { '&:has(> img:not([hidden]))': { animation: 'none' } },
});

export const photo = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  // The global `img { display: block }` would otherwise show the slot while it is still empty or loading.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
