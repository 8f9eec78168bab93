import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const carousel = style({
  position: 'relative',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.colour.surfaceSunken,
  isolation: 'isolate',
});

/** For a carousel flush with the top of a Card (the card clips the corners). */
export const square = style({ borderRadius: 0 });

export const track = style({
  display: 'flex',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
  outline: 'none',
  selectors: {
    '&::-webkit-scrollbar': { display: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '-2px' },
  },
});

export const slide = style({
  flex: '0 0 100%',
  scrollSnapAlign: 'start',
  scrollSnapStop: 'always',
});

// The box reserves its height from the aspect ratio before the image arrives: no layout shift.
export const frame = style({ position: 'relative', width: '100%', overflow: 'hidden' });

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const empty = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.colour.textSubtle,
});

export const navButton = style({
  position: 'absolute',
  top: '50%',
  zIndex: 1,
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'rgba(255, 255, 255, 0.92)',
  color: vars.colour.text,
  boxShadow: vars.shadow.md,
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
  // Native buttons (the carousel is on the first paint of Explore and the property page, without
  // react-aria's press code): hover only where a pointer can hover, so a tap leaves no sticky hover.
  selectors: { '&:active': { transform: 'translateY(-50%) scale(0.94)' } },
  '@media': { '(hover: hover)': { selectors: { '&:hover': { background: vars.colour.surface } } } },
});

export const prev = style({ left: vars.space['2'] });
export const next = style({ right: vars.space['2'] });

export const dots = style({
  position: 'absolute',
  bottom: vars.space['2'],
  left: '50%',
  zIndex: 1,
  transform: 'translateX(-50%)',
  display: 'flex',
  gap: 0,
  padding: '0 4px',
  borderRadius: vars.radius.full,
  background: 'rgba(28, 25, 23, 0.45)',
});

// The visible dot is small; the button around it is a 24px target (WCAG 2.2 target size, 2.5.8).
export const dot = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.5rem',
  height: '1.5rem',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&::before': {
      content: '""',
      width: '0.5rem',
      height: '0.5rem',
      borderRadius: vars.radius.full,
      background: 'rgba(255, 255, 255, 0.6)',
      transition: `background-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
    },
    '&[aria-current="true"]::before': { background: '#ffffff', transform: 'scale(1.25)' },
    '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: '0' },
  },
  '@media': { '(hover: hover)': { selectors: { '&:hover::before': { background: 'rgba(255, 255, 255, 0.9)' } } } },
});
