import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(-4px)' }, to: { opacity: 1, transform: 'none' } });

/** Floating surface for Select lists, date picker calendars and similar. */
export const popover = style({
  zIndex: vars.zIndex.popover,
  background: vars.colour.surface,
  color: vars.colour.text,
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  overflow: 'auto',
  selectors: {
    '&[data-entering]': { animation: `${enter} ${vars.duration.fast} ${vars.easing.standard}` },
  },
});
