import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const textLink = style({
  fontWeight: vars.fontWeight.medium,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  transition: `color ${vars.duration.fast}`,
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const variant = styleVariants({
  /** Brand-coloured underlined link for running text. */
  text: [textLink, { color: vars.colour.brand, selectors: { '&[data-hovered]': { color: vars.colour.brandPressed, textDecorationThickness: '2px' } } }],
  /** Inherits colour; underline only on hover (nav, footer). */
  subtle: [textLink, { color: 'inherit', textDecorationLine: 'none', selectors: { '&[data-hovered]': { textDecorationLine: 'underline' } } }],
  /** Navigation item: padded, highlighted when current (`aria-current="page"`). */
  nav: [
    textLink,
    {
      display: 'inline-flex',
      alignItems: 'center',
      minHeight: vars.control.heightMd,
      paddingInline: vars.space['3'],
      borderRadius: vars.radius.md,
      color: vars.colour.textMuted,
      textDecorationLine: 'none',
      selectors: {
        '&[data-hovered]': { color: vars.colour.text, background: vars.colour.surfaceHover },
        '&[data-current], &[aria-current="page"]': { color: vars.colour.brand, background: vars.colour.brandSubtle },
      },
    },
  ],
});
