import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.colour.text });

export const stars = style({ display: 'flex', gap: vars.space['1'] });

export const star = style({
  display: 'inline-flex',
  padding: vars.space['1'],
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '1px' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const filled = style({ fill: vars.colour.warning, stroke: vars.colour.warning, strokeWidth: 1.5 });
export const empty = style({ fill: 'none', stroke: vars.colour.borderStrong, strokeWidth: 1.5 });
