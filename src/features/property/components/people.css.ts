import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, color: vars.colour.text });

export const person = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], minWidth: 0 });

export const personText = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const personName = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.colour.text });

export const personMeta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.colour.textMuted });

export const bio = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.relaxed });

export const rating = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], fontSize: vars.fontSize.sm, color: vars.colour.text });

export const housemates = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], margin: 0, padding: 0, listStyle: 'none' });

export const housemate = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.colour.surfaceSunken,
});

export const housemateTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['3'] });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'], margin: 0, padding: 0, listStyle: 'none' });
