import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// A modern reset: predictable box model, no surprise margins, media that never overflows.
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('*', { margin: 0 });
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  colorScheme: 'light',
});
globalStyle('body', {
  minHeight: '100dvh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.colour.text,
  background: vars.colour.background,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});
globalStyle('img, picture, video, canvas, svg', { display: 'block', maxWidth: '100%' });
globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('p, h1, h2, h3, h4, h5, h6', { overflowWrap: 'break-word' });
globalStyle('h1, h2, h3, h4, h5, h6', { lineHeight: vars.lineHeight.tight, textWrap: 'balance' });
globalStyle('a', { color: 'inherit' });
globalStyle('#root', { isolation: 'isolate' });

// One focus ring for everything keyboard-focused; RAC components set data-focus-visible.
globalStyle(':focus-visible, [data-focus-visible]', {
  outline: `2px solid ${vars.colour.focusRing}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });
// Page and step titles and <main> take focus only from script (after a navigation or redirect, a new
// wizard step, the skip link), so screen readers start there. They are not controls: no ring, even when
// the last input was a key press (which makes Chromium match :focus-visible).
globalStyle('h1[tabindex="-1"]:focus, h2[tabindex="-1"]:focus, main[tabindex="-1"]:focus', { outline: 'none' });

globalStyle('::selection', { background: vars.colour.brandSubtle, color: vars.colour.text });
