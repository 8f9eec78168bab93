import { style, styleVariants, type StyleRule } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** Links are native anchors: hover only where a pointer can hover (no sticky hover after a tap). */
const onHover = (rule: StyleRule, selector = '&:hover'): StyleRule => ({ '@media': { '(hover: hover)': { selectors: { [selector]: rule } } } });

const textLink = style({
  fontWeight: vars.fontWeight.medium,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  transition: `color ${vars.duration.fast}`,
});

export const variant = styleVariants({
  /** Brand-coloured underlined link for running text. */
  text: [textLink, { color: vars.colour.brand, ...onHover({ color: vars.colour.brandPressed, textDecorationThickness: '2px' }) }],
  /** Inherits colour; underline only on hover (nav, footer). */
  subtle: [textLink, { color: 'inherit', textDecorationLine: 'none', ...onHover({ textDecorationLine: 'underline' }) }],
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
      ...onHover({ color: vars.colour.text, background: vars.colour.surfaceHover }, '&:hover:not([aria-current="page"])'),
      selectors: { '&[aria-current="page"]': { color: vars.colour.brand, background: vars.colour.brandSubtle } },
    },
  ],
});
