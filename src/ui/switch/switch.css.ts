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
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 } },
});

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
    [`${switchRoot}[data-hovered] &`]: { boxShadow: `0 0 0 4px ${vars.colour.surfaceHover}` },
    [`${switchRoot}[data-focus-visible] &`]: { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
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
