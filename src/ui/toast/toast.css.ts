import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

// On a phone toasts come in at the top: the bottom of a small screen holds the page's main action
// (onboarding's Continue, the booking bar, the chat composer), which a toast must not cover. Wider
// screens keep them at the bottom right, beside the content.
export const region = style({
  position: 'fixed',
  zIndex: vars.zIndex.toast,
  insetInline: vars.space['3'],
  top: `calc(${vars.space['3']} + env(safe-area-inset-top, 0px))`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  outline: 'none',
  pointerEvents: 'none',
  '@media': {
    [media.md]: { insetInline: 'auto', top: 'auto', right: vars.space['6'], bottom: vars.space['6'], width: '24rem', flexDirection: 'column-reverse' },
  },
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '4px' },
  },
});

const enterFromAbove = keyframes({
  from: { opacity: 0, transform: 'translateY(-0.5rem)' },
  to: { opacity: 1, transform: 'none' },
});

const enterFromBelow = keyframes({
  from: { opacity: 0, transform: 'translateY(0.5rem)' },
  to: { opacity: 1, transform: 'none' },
});

export const toast = style({
  pointerEvents: 'auto',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.colour.surface,
  color: vars.colour.text,
  border: `1px solid ${vars.colour.border}`,
  borderInlineStartWidth: '4px',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  animation: `${enterFromAbove} ${vars.duration.normal} ${vars.easing.standard}`,
  outline: 'none',
  '@media': {
    [media.md]: { animation: `${enterFromBelow} ${vars.duration.normal} ${vars.easing.standard}` },
  },
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px' },
  },
});

export const variant = styleVariants({
  success: { borderInlineStartColor: vars.colour.success },
  error: { borderInlineStartColor: vars.colour.danger, background: vars.colour.dangerSubtle },
  info: { borderInlineStartColor: vars.colour.brand },
});

export const iconColour = styleVariants({
  success: { color: vars.colour.success },
  error: { color: vars.colour.danger },
  info: { color: vars.colour.brand },
});

export const icon = style({ display: 'flex', paddingTop: '1px' });

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.snug });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.colour.textMuted, lineHeight: vars.lineHeight.snug });

export const errorDescription = style({ color: vars.colour.dangerText });

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'], marginBlock: `calc(-1 * ${vars.space['1']})` });
