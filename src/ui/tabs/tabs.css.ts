import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  // Vertical tabs (a sidebar) become a row above the panel on narrow screens; arrow keys are unchanged.
  '@media': { [media.md]: { selectors: { '&[data-orientation="vertical"]': { flexDirection: 'row' } } } },
});

export const tabList = style({
  display: 'flex',
  gap: vars.space['1'],
  padding: vars.space['1'],
  background: vars.colour.surfaceSunken,
  borderRadius: vars.radius.md,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  '@media': {
    [media.md]: {
      selectors: {
        '&[data-orientation="vertical"]': { flexDirection: 'column', alignSelf: 'flex-start', minWidth: '12rem' },
      },
    },
  },
});

export const tab = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '2.25rem',
  paddingInline: vars.space['4'],
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.colour.textMuted,
  border: 'none',
  background: 'transparent',
  fontFamily: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  whiteSpace: 'nowrap',
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: {
    '&[aria-selected="true"]': { background: vars.colour.surface, color: vars.colour.text, boxShadow: vars.shadow.sm },
    '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '-2px' },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
  '@media': {
    // Native buttons: hover only where a pointer can hover (no sticky hover after a tap).
    '(hover: hover)': { selectors: { '&:hover': { color: vars.colour.text } } },
    [media.md]: { selectors: { '[data-orientation="vertical"] &': { justifyContent: 'flex-start', flex: 'none' } } },
  },
});

export const tabPanel = style({
  flex: 1,
  minWidth: 0,
  borderRadius: vars.radius.md,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' } },
});
