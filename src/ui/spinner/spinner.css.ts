import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.7s linear infinite`,
  '@media': {
    // Still shows activity, only slower: a frozen spinner would read as a hang.
    [media.reducedMotion]: { animationDuration: '2s' },
  },
});

export const wrapper = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' });
