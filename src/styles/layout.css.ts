import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

/** Centered page column, max 1200px, with side padding that grows on wider screens. */
export const container = style({
  width: '100%',
  maxWidth: '75rem',
  marginInline: 'auto',
  paddingInline: vars.space['4'],
  '@media': {
    [media.md]: { paddingInline: vars.space['6'] },
  },
});

/** Vertical flow with a consistent gap. */
export const stack = style({ display: 'flex', flexDirection: 'column' });

/** Horizontal group that wraps (buttons, badges). */
export const cluster = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center' });

export const gap = styleVariants({
  '1': { gap: vars.space['1'] },
  '2': { gap: vars.space['2'] },
  '3': { gap: vars.space['3'] },
  '4': { gap: vars.space['4'] },
  '6': { gap: vars.space['6'] },
  '8': { gap: vars.space['8'] },
  '12': { gap: vars.space['12'] },
});

/** Responsive auto-fill grid for cards (min column 280px). */
export const cardGrid = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17.5rem), 1fr))',
});
