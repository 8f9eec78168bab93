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

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
