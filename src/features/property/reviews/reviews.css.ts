import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** One review per row, for a narrow column (the host card). */
export const stack = style({ '@media': { [media.md]: { gridTemplateColumns: 'minmax(0, 1fr)' } } });

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], height: '100%' });

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], minWidth: 0 });

export const who = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const name = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.colour.text });

export const date = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.colour.textMuted });

export const text = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.relaxed, overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

export const status = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.colour.warningText });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });
