import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], paddingTop: vars.space['4'] });

export const status = style({ margin: 0, color: vars.colour.textMuted, paddingBlock: vars.space['4'], textAlign: 'center' });

/** "Forgot password?" sits right-aligned under the password field. */
export const formRow = style({ display: 'flex', justifyContent: 'flex-end', marginTop: `calc(-1 * ${vars.space['2']})`, fontSize: vars.fontSize.sm });

export const intro = style({ margin: 0, color: vars.colour.textMuted });

export const sent = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], paddingTop: vars.space['4'] });

/** "Check your inbox" title: focused by script after sign-up, so no focus ring (docs/decisions/form-messages-and-toasts.md). */
export const heading = style({
  margin: 0,
  outline: 'none',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.colour.text,
});

/** A long address wraps instead of widening the card on a phone. */
export const address = style({ color: vars.colour.text, overflowWrap: 'anywhere' });

export const hint = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const resend = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

/** What Resend did; empty until pressed, so the live region exists before it speaks. */
export const resendOutcome = style({ margin: 0, minHeight: '1.25em', fontSize: vars.fontSize.sm, color: vars.colour.textMuted, textAlign: 'center', overflowWrap: 'anywhere' });

/** The sign-in form's "confirm your email first" block. */
export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.colour.warningSubtle,
  color: vars.colour.warningText,
});

export const noticeText = style({ margin: 0, fontSize: vars.fontSize.sm });
