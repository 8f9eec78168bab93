import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

// Shared by Checkbox and Radio: a label row with a drawn box/circle.
export const choice = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  fontSize: vars.fontSize.md,
  color: vars.colour.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 } },
});

/** The native checkbox: invisible but focusable and read; a click anywhere on the label toggles it. */
export const input = style({ position: 'absolute', top: 0, left: 0, width: '1px', height: '1px', margin: 0, opacity: 0 });

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  marginTop: '0.125rem',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.colour.borderStrong}`,
  background: vars.colour.surface,
  color: vars.colour.onBrand,
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    [`${choice}[data-hovered] &`]: { borderColor: vars.colour.text },
    [`${choice}[data-selected] &, ${choice}[data-indeterminate] &`]: { background: vars.colour.brand, borderColor: vars.colour.brand },
    [`${choice}[data-invalid] &`]: { borderColor: vars.colour.danger },
    [`${choice}[data-focus-visible] &, ${input}:focus-visible + &`]: { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { '(hover: hover)': { selectors: { [`${choice}:not([data-disabled], [data-selected]):hover &`]: { borderColor: vars.colour.text } } } },
});
