import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const frame = style({
  position: 'relative',
  display: 'block',
  overflow: 'hidden',
  background: vars.colour.skeleton,
  width: '100%',
  height: 'auto',
});

const layer = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const placeholder = style([layer, { filter: 'blur(12px)', transform: 'scale(1.1)' }]);

export const image = style([
  layer,
  {
    opacity: 0,
    transition: `opacity ${vars.duration.slow} ${vars.easing.standard}`,
    selectors: { '&[data-loaded="true"]': { opacity: 1 } },
  },
]);
