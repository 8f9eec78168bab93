import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const search = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  '@media': { [media.md]: { flexDirection: 'row', alignItems: 'flex-end' } },
});

export const field = style({ flex: 1 });

export const places = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['4'],
  marginBlockStart: vars.space['6'],
});
