import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

/** Card padding grows from md on phones to lg from the md breakpoint (more room for the steps at 390 px). */
export const wizard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  '@media': { [media.md]: { padding: vars.space['8'] } },
});

export const stepHeader = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const stepTitle = style({
  outline: 'none',
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
  color: vars.colour.text,
});

export const stepBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minHeight: '14rem' });

/** Phones stack the buttons full width, the forward one on top; wider screens put Back left, forward right. */
export const footer = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'stretch',
  gap: vars.space['3'],
  '@media': { [media.sm]: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' } },
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.colour.border}`,
});

export const status = style({ margin: 0, paddingBlock: vars.space['10'], textAlign: 'center', color: vars.colour.textMuted });

// ---- photo step
export const photoBlock = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['4'],
  paddingBlock: vars.space['6'],
  paddingInline: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.colour.border}`,
  background: vars.colour.background,
  textAlign: 'center',
});

export const photoRing = style({
  padding: vars.space['1'],
  borderRadius: vars.radius.full,
  background: vars.colour.surface,
  boxShadow: `0 0 0 2px ${vars.colour.brandSubtle}`,
});

export const uploadProgress = style({ width: '100%', maxWidth: '16rem' });

export const hint = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

// ---- contact preferences step
export const switchRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.colour.border}`,
  background: vars.colour.background,
});

// ---- preview step
export const preview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.colour.border}`,
  background: vars.colour.background,
});

export const previewHead = style({ display: 'flex', alignItems: 'center', gap: vars.space['4'] });

export const previewName = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const successMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.full,
  background: vars.colour.successSubtle,
  color: vars.colour.successText,
});

export const tip = style({
  display: 'flex',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.colour.accent,
  color: vars.colour.onAccent,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.relaxed,
});

export const tipIcon = style({ flexShrink: 0, marginTop: '0.125rem' });

export const visibilityRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['3'], flexWrap: 'wrap' });

export const cardLabel = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold, letterSpacing: '0.06em', textTransform: 'uppercase', color: vars.colour.textMuted });
