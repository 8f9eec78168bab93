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

// ---- interests step
export const chipGroup = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const chipList = style([chipGroup, { listStyle: 'none', padding: 0, margin: 0 }]);

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '2.25rem',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.colour.borderStrong}`,
  background: vars.colour.surface,
  color: vars.colour.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  transition: `background ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered]': { background: vars.colour.surfaceHover },
    '&[data-selected]': { background: vars.colour.brand, borderColor: vars.colour.brand, color: vars.colour.onBrand },
    '&[data-selected][data-hovered]': { background: vars.colour.brandHover },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.colour.surface}, 0 0 0 4px ${vars.colour.focusRing}` },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const selectedChip = style([
  chip,
  { background: vars.colour.brandSubtle, borderColor: vars.colour.brandSubtle, color: vars.colour.brandSubtleText, selectors: { '&[data-hovered]': { background: vars.colour.dangerSubtle, color: vars.colour.dangerText, borderColor: vars.colour.dangerSubtle } } },
]);

export const sectionLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.colour.text });

export const subsection = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const customRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'start',
  gap: vars.space['2'],
});

export const customButton = style({ marginTop: '1.625rem' });

// ---- privacy step
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

export const notes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  paddingInlineStart: vars.space['5'],
  color: vars.colour.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.relaxed,
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

export const previewFacts = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  alignItems: 'baseline',
  gap: vars.space['3'],
  margin: 0,
  '@media': { [media.sm]: { gridTemplateColumns: 'auto 1fr', columnGap: vars.space['6'] } },
});

export const factLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, color: vars.colour.textMuted });

export const factValue = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.colour.text, overflowWrap: 'anywhere' });

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
