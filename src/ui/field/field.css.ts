import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

// Shared field anatomy: label, control, description, error. Used by every form primitive.
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.colour.text,
  cursor: 'default',
});

export const requiredMark = style({ color: vars.colour.danger, marginInlineStart: '0.15em' });

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.colour.textMuted,
  selectors: { '&:empty': { display: 'none' } },
});

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.colour.dangerText,
});

/** Border, radius and focus treatment for anything typed into (input, textarea, select button, group). */
export const control = style({
  width: '100%',
  minHeight: vars.control.heightMd,
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  background: vars.colour.surface,
  color: vars.colour.text,
  border: `1px solid ${vars.colour.borderStrong}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.colour.textSubtle, opacity: 1 },
    '&[data-hovered]': { borderColor: vars.colour.text },
    '&[data-focused], &[data-focus-within]': {
      borderColor: vars.colour.focusRing,
      boxShadow: `0 0 0 1px ${vars.colour.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.colour.danger },
    '&[data-invalid][data-focused], &[data-invalid][data-focus-within]': { boxShadow: `0 0 0 1px ${vars.colour.danger}` },
    '&[data-disabled]': { background: vars.colour.surfaceSunken, color: vars.colour.textMuted, cursor: 'not-allowed' },
    '&[readonly]': { background: vars.colour.surfaceSunken },
    // The same states on native inputs and text areas (./native-field.tsx), which carry no data attributes.
    '&:is(input, textarea):focus': { borderColor: vars.colour.focusRing, boxShadow: `0 0 0 1px ${vars.colour.focusRing}` },
    '&:is(input, textarea)[aria-invalid="true"]': { borderColor: vars.colour.danger },
    '&:is(input, textarea)[aria-invalid="true"]:focus': { boxShadow: `0 0 0 1px ${vars.colour.danger}` },
    '&:is(input, textarea):disabled': { background: vars.colour.surfaceSunken, color: vars.colour.textMuted, cursor: 'not-allowed' },
  },
  '@media': { '(hover: hover)': { selectors: { '&:is(input, textarea):hover:not(:focus, :disabled, [aria-invalid="true"])': { borderColor: vars.colour.text } } } },
});

export const footerRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space['3'],
});

/** The control box of a FieldPlaceholder: the control's size, no interaction. */
export const placeholderControl = style({ display: 'block', background: vars.colour.surfaceSunken, cursor: 'progress' });
