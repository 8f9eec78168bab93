import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const textarea = style({ resize: 'vertical', minHeight: '5rem' });

export const counter = style({
  marginInlineStart: 'auto',
  fontSize: vars.fontSize.xs,
  color: vars.colour.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const counterOver = style({ color: vars.colour.dangerText, fontWeight: vars.fontWeight.semibold });
