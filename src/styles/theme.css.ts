import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { palette } from './palette.ts';

/** Design tokens as CSS custom properties on :root. Use `vars.colour.brand` etc. in .css.ts files. */
export const vars = createGlobalTheme(':root', {
  colour: { ...palette },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
  },
  lineHeight: {
    tight: '1.2',
    snug: '1.35',
    normal: '1.5',
    relaxed: '1.65',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
    '16': '4rem',
    '20': '5rem',
  },
  radius: {
    sm: '4px',
    md: '8px',
    lg: '12px',
    xl: '16px',
    full: '9999px',
  },
  shadow: {
    sm: '0 1px 2px rgba(28, 25, 23, 0.06), 0 1px 3px rgba(28, 25, 23, 0.08)',
    md: '0 4px 6px -1px rgba(28, 25, 23, 0.08), 0 2px 4px -2px rgba(28, 25, 23, 0.06)',
    lg: '0 12px 24px -6px rgba(28, 25, 23, 0.16), 0 4px 8px -4px rgba(28, 25, 23, 0.08)',
  },
  zIndex: {
    base: '0',
    dropdown: '10',
    sticky: '20',
    overlay: '40',
    modal: '50',
    popover: '60',
    toast: '70',
    tooltip: '80',
  },
  duration: {
    fast: '120ms',
    normal: '200ms',
    slow: '320ms',
  },
  easing: {
    standard: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  control: {
    heightSm: '2rem',
    heightMd: '2.5rem',
    heightLg: '3rem',
  },
});

// Motion collapses to (almost) nothing for people who ask for less of it.
globalStyle(':root', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: {
        [vars.duration.fast]: '1ms',
        [vars.duration.normal]: '1ms',
        [vars.duration.slow]: '1ms',
      },
    },
  },
});

/** Breakpoints (min-width). Usable in `@media` keys via `media`. */
export const breakpoints = {
  sm: '30rem',
  md: '48rem',
  lg: '64rem',
  xl: '75rem',
} as const;

export const media = {
  sm: `screen and (min-width: ${breakpoints.sm})`,
  md: `screen and (min-width: ${breakpoints.md})`,
  lg: `screen and (min-width: ${breakpoints.lg})`,
  xl: `screen and (min-width: ${breakpoints.xl})`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
