import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

/** Phone widths (≤ 640 px): the booking card is far down the one-column page there. */
export const PHONE_MEDIA = 'screen and (max-width: 40rem)';
const BAR_HEIGHT = '4.5rem';

export const bar = style({
  display: 'none',
  '@media': {
    [PHONE_MEDIA]: {
      position: 'fixed',
      insetInline: 0,
      bottom: 0,
      zIndex: vars.zIndex.sticky,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: vars.space['3'],
      minHeight: BAR_HEIGHT,
      paddingInline: vars.space['4'],
      paddingBlockStart: vars.space['3'],
      paddingBlockEnd: `calc(${vars.space['3']} + env(safe-area-inset-bottom, 0px))`,
      background: vars.colour.surface,
      borderBlockStart: `1px solid ${vars.colour.border}`,
      boxShadow: vars.shadow.lg,
    },
  },
});

/** Room under the bar so the end of the page is never hidden behind it. */
export const spacer = style({
  display: 'none',
  '@media': {
    [PHONE_MEDIA]: { display: 'block', height: `calc(${BAR_HEIGHT} + env(safe-area-inset-bottom, 0px))` },
  },
});

export const price = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const priceMain = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold, color: vars.colour.text });

export const priceNote = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.colour.textMuted });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const unit = style({ fontWeight: vars.fontWeight.regular, color: vars.colour.textMuted });
