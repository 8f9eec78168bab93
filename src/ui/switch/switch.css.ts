import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  color: vars.colour.text,
  position: 'relative',
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 } },
});

/** The checkbox itself: invisible but focusable and read; a click anywhere on the label toggles it. */
export const input = style({ position: 'absolute', top: 0, left: 0, width: '1px', height: '1px', margin: 0, opacity: 0 });

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '2.75rem',
  height: '1.5rem',
  borderRadius: vars.radius.full,
  background: vars.colour.borderStrong,
  transition: `background-color ${vars.duration.fast}`,
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.colour.brand },
    [`${input}:focus-visible + &`]: { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { '(hover: hover)': { selectors: { [`${switchRoot}:not([data-disabled]):hover &`]: { boxShadow: `0 0 0 4px ${vars.colour.surfaceHover}` } } } },
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.full,
  background: vars.colour.surface,
  boxShadow: vars.shadow.sm,
  transition: `transform ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    [`${switchRoot}[data-selected] &`]: { transform: 'translateX(1.25rem)' },
  },
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.colour.textMuted,
  paddingInlineStart: `calc(2.75rem + ${vars.space['3']})`,
});
