import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const slider = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gridTemplateAreas: '"label output" "track track"',
  rowGap: vars.space['1'],
  columnGap: vars.space['3'],
  minWidth: 0,
});

export const label = style({ gridArea: 'label' });

export const output = style({
  gridArea: 'output',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.colour.text,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style({
  gridArea: 'track',
  position: 'relative',
  height: '2rem',
  // Inset by half a thumb so the thumb stays inside the component at both ends.
  marginInline: '0.625rem',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      top: '50%',
      height: '4px',
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      background: vars.colour.border,
    },
    '&[data-disabled]': { opacity: 0.5 },
  },
});

export const fill = style({
  position: 'absolute',
  insetInlineStart: 0,
  top: '50%',
  height: '4px',
  transform: 'translateY(-50%)',
  borderRadius: vars.radius.full,
  background: vars.colour.brand,
});

export const thumb = style({
  top: '50%',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.full,
  background: vars.colour.surface,
  border: `2px solid ${vars.colour.brand}`,
  boxShadow: vars.shadow.sm,
  cursor: 'grab',
  transition: `box-shadow ${vars.duration.fast}`,
  selectors: {
    '&[data-hovered]': { boxShadow: `0 0 0 6px ${vars.colour.brandSubtle}` },
    '&[data-dragging]': { cursor: 'grabbing', background: vars.colour.brandSubtle },
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { cursor: 'not-allowed' },
  },
});
