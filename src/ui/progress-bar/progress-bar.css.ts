import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], width: '100%' });

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
});

export const label = style({ fontWeight: vars.fontWeight.medium, color: vars.colour.text });

export const valueText = style({ color: vars.colour.textMuted, fontVariantNumeric: 'tabular-nums' });

export const track = style({
  height: '0.5rem',
  borderRadius: vars.radius.full,
  background: vars.colour.surfaceSunken,
  border: `1px solid ${vars.colour.border}`,
  overflow: 'hidden',
});

export const fill = style({
  height: '100%',
  background: vars.colour.brand,
  borderRadius: vars.radius.full,
  transition: `width ${vars.duration.slow} ${vars.easing.standard}`,
});
