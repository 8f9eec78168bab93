import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const disclosure = style({
  borderBottom: `1px solid ${vars.colour.border}`,
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  gap: vars.space['3'],
  minHeight: '2.75rem',
  padding: `${vars.space['2']} 0`,
  border: 'none',
  background: 'transparent',
  color: vars.colour.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'start',
  cursor: 'pointer',
  '@media': { '(hover: hover)': { selectors: { '&:hover': { color: vars.colour.brand } } } },
});

export const chevron = style({
  flexShrink: 0,
  transition: `transform ${vars.duration.normal} ${vars.easing.standard}`,
  selectors: { [`${disclosure}[data-expanded] &`]: { transform: 'rotate(180deg)' } },
});

export const panel = style({ paddingBottom: vars.space['4'], color: vars.colour.textMuted });
