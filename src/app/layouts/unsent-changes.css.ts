import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] });

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  paddingBlock: vars.space['2'],
  borderBottom: `1px solid ${vars.colour.border}`,
});

export const words = style({ display: 'grid', gap: vars.space['1'], minWidth: 0 });

export const actions = style({ display: 'flex', gap: vars.space['2'] });
