import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const page = style({
  width: '100%',
  maxWidth: '75rem',
  marginInline: 'auto',
  paddingInline: vars.space['4'],
  paddingBlock: vars.space['8'],
  '@media': { [media.md]: { paddingInline: vars.space['6'], paddingBlock: vars.space['10'] } },
});

export const narrow = style({ maxWidth: '48rem' });

export const header = style({ marginBlockEnd: vars.space['6'] });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize['3xl'],
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  color: vars.colour.text,
  '@media': { [media.md]: { fontSize: vars.fontSize['4xl'] } },
});

export const subtitle = style({
  margin: 0,
  marginBlockStart: vars.space['2'],
  fontSize: vars.fontSize.lg,
  color: vars.colour.textMuted,
});

export const actions = style({ marginBlockStart: vars.space['3'] });
