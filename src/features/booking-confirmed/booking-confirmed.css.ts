import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const page = style({
  width: '100%',
  maxWidth: '40rem',
  marginInline: 'auto',
  paddingInline: vars.space['4'],
  paddingBlock: vars.space['8'],
  '@media': { [media.md]: { paddingBlock: vars.space['16'] } },
});

export const card = style({ gap: vars.space['5'], alignItems: 'stretch', '@media': { [media.md]: { padding: vars.space['8'] } } });

export const header = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space['3'], textAlign: 'center' });

export const icon = styleVariants({
  success: { color: vars.colour.success },
  pending: { color: vars.colour.brand },
  muted: { color: vars.colour.textSubtle },
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  '@media': { [media.md]: { fontSize: vars.fontSize['3xl'] } },
});

export const text = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.colour.textMuted, maxWidth: '32rem' });

// Phone: each term above its value; wider: terms in a column beside the values.
export const details = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(6rem, auto) 1fr', rowGap: vars.space['3'] } },
  margin: 0,
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.colour.surfaceSunken,
});

export const term = style({
  fontSize: vars.fontSize.sm,
  color: vars.colour.textMuted,
  selectors: { '&:not(:first-of-type)': { marginBlockStart: vars.space['2'] } },
  '@media': { [media.sm]: { selectors: { '&:not(:first-of-type)': { marginBlockStart: 0 } } } },
});

export const value = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium, color: vars.colour.text, overflowWrap: 'anywhere' });

export const total = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  '@media': { [media.sm]: { flexDirection: 'row', justifyContent: 'center', alignItems: 'flex-start' } },
});

/** Join House Chat with its "(Available after confirmation)" note underneath. */
export const chatAction = style({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: vars.space['1'] });

export const chatNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.colour.textMuted, textAlign: 'center' });

export const pulse = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space['4'] });
