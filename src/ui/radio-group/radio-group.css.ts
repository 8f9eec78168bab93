import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const options = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  selectors: { '[data-orientation="horizontal"] > &': { flexDirection: 'row', flexWrap: 'wrap', gap: vars.space['3'] } },
});

// Side by side, options share the row (and wrap under 12rem each).
globalStyle(`[data-orientation="horizontal"] > ${options} > *`, { flex: '1 1 12rem' });

export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.colour.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 } },
});

export const circle = style({
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.colour.borderStrong}`,
  background: vars.colour.surface,
  transition: `border-width ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    [`${radio}[data-hovered] &`]: { borderColor: vars.colour.text },
    [`${radio}[data-selected] &`]: { borderColor: vars.colour.brand, borderWidth: '6px' },
    [`${radio}[data-invalid] &`]: { borderColor: vars.colour.danger },
    [`${radio}[data-focus-visible] &`]: { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
});

/** "Card" radios: a bordered tile per option (e.g. Guest / Host choice). */
export const cardRadio = style({
  alignItems: 'flex-start',
  padding: vars.space['4'],
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  background: vars.colour.surface,
  transition: `border-color ${vars.duration.fast}, background-color ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered]': { borderColor: vars.colour.borderStrong },
    '&[data-selected]': { borderColor: vars.colour.brand, background: vars.colour.brandSubtle, boxShadow: `0 0 0 1px ${vars.colour.brand}` },
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
});

export const cardText = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const cardTitle = style({ fontWeight: vars.fontWeight.semibold });

export const cardDescription = style({ fontSize: vars.fontSize.sm, color: vars.colour.textMuted });
