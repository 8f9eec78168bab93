import { style, styleVariants, type StyleRule } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/**
 * Hover and pressed looks. RAC buttons say so in data attributes (no sticky hover after a tap); the
 * native anchors and buttons of the always-loaded chrome (LinkButton, NativeButton) use :hover, only
 * where a pointer can hover, and :active. RAC marks its own elements with data-rac.
 */
function interactionStates(hover: StyleRule, pressed: StyleRule): StyleRule {
  return {
    selectors: { '&[data-hovered]': hover, '&[data-pressed]': pressed, '&:not([data-rac]):not(:disabled):active': pressed },
    '@media': { '(hover: hover)': { selectors: { '&:not([data-rac]):not(:disabled):hover': hover } } },
  };
}

// Shared by Button, IconButton, LinkButton, NativeButton and PhotoPicker so they all look alike.
export const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontFamily: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
  transitionProperty: 'background-color, border-color, color, box-shadow, transform',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    '&[data-pressed], &:not([data-rac]):not(:disabled):active': { transform: 'scale(0.98)' },
    '&[data-disabled], &:disabled': { cursor: 'not-allowed', opacity: 0.5, transform: 'none' },
    '&[data-pending]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.colour.brand,
    color: vars.colour.onBrand,
    ...interactionStates({ background: vars.colour.brandHover }, { background: vars.colour.brandPressed }),
  },
  secondary: {
    background: vars.colour.accent,
    color: vars.colour.onAccent,
    ...interactionStates({ background: vars.colour.accentHover }, { background: vars.colour.accentHover }),
  },
  outline: {
    background: vars.colour.surface,
    color: vars.colour.text,
    borderColor: vars.colour.borderStrong,
    ...interactionStates({ background: vars.colour.surfaceHover }, { background: vars.colour.surfaceSunken }),
  },
  ghost: {
    background: 'transparent',
    color: vars.colour.text,
    ...interactionStates({ background: vars.colour.surfaceHover }, { background: vars.colour.surfaceSunken }),
  },
  destructive: {
    background: vars.colour.danger,
    color: vars.colour.onDanger,
    ...interactionStates({ background: vars.colour.dangerHover }, { background: vars.colour.dangerPressed }),
  },
});

export const size = styleVariants({
  sm: { minHeight: vars.control.heightSm, paddingInline: vars.space['3'], fontSize: vars.fontSize.sm },
  md: { minHeight: vars.control.heightMd, paddingInline: vars.space['4'], fontSize: vars.fontSize.sm },
  lg: { minHeight: vars.control.heightLg, paddingInline: vars.space['6'], fontSize: vars.fontSize.md },
});

/** Square sizes for icon-only buttons (44px touch target at lg). */
export const iconSize = styleVariants({
  sm: { width: vars.control.heightSm, height: vars.control.heightSm, padding: 0 },
  md: { width: vars.control.heightMd, height: vars.control.heightMd, padding: 0 },
  lg: { width: '2.75rem', height: '2.75rem', padding: 0 },
});

export const fullWidth = style({ width: '100%' });

/** Content stays in the flow (hidden) while pending, so the button keeps its width. */
export const content = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  selectors: { '[data-pending] > &': { visibility: 'hidden' } },
});

export const pendingOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const icon = style({ display: 'inline-flex', flexShrink: 0 });
