import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '1.375rem',
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.full,
  border: '1px solid transparent',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
});

export const variant = styleVariants({
  neutral: { background: vars.colour.surfaceSunken, color: vars.colour.text, borderColor: vars.colour.border },
  brand: { background: vars.colour.brandSubtle, color: vars.colour.brandSubtleText },
  accent: { background: vars.colour.accent, color: vars.colour.onAccent },
  success: { background: vars.colour.successSubtle, color: vars.colour.successText },
  warning: { background: vars.colour.warningSubtle, color: vars.colour.warningText },
  danger: { background: vars.colour.dangerSubtle, color: vars.colour.dangerText },
  outline: { background: 'transparent', color: vars.colour.textMuted, borderColor: vars.colour.borderStrong },
  /** Solid counter style (e.g. unread count). */
  solid: { background: vars.colour.brand, color: vars.colour.onBrand },
});
