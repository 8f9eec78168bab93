import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(1rem) scale(0.98)' }, to: { opacity: 1, transform: 'none' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['3'],
  background: vars.colour.overlay,
  // RAC sets --visual-viewport-height so the dialog fits above a mobile keyboard.
  height: 'var(--visual-viewport-height, 100dvh)',
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.duration.normal}` },
    '&[data-exiting]': { animation: `${fadeIn} ${vars.duration.fast} reverse` },
  },
  '@media': { [media.md]: { padding: vars.space['6'] } },
});

export const modal = style({
  width: '100%',
  maxHeight: '100%',
  display: 'flex',
  background: vars.colour.surface,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${rise} ${vars.duration.normal} ${vars.easing.standard}` },
  },
});

export const width = styleVariants({
  sm: { maxWidth: '26rem' },
  md: { maxWidth: '34rem' },
  lg: { maxWidth: '48rem' },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxHeight: '100%',
  minHeight: 0,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  padding: `${vars.space['5']} ${vars.space['5']} ${vars.space['3']}`,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
});

/** Only the body scrolls; header and footer stay put. */
export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  paddingInline: vars.space['5'],
  paddingBottom: vars.space['4'],
  color: vars.colour.text,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['5']} ${vars.space['5']}`,
  borderTop: `1px solid ${vars.colour.border}`,
});

export const closeButton = style({ marginTop: `calc(-1 * ${vars.space['1']})`, marginInlineEnd: `calc(-1 * ${vars.space['2']})` });

export const message = style({ color: vars.colour.textMuted });
