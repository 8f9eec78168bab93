import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], paddingTop: vars.space['4'] });

export const status = style({ margin: 0, color: vars.colour.textMuted, paddingBlock: vars.space['4'], textAlign: 'center' });

/** "Forgot password?" sits right-aligned under the password field. */
export const formRow = style({ display: 'flex', justifyContent: 'flex-end', marginTop: `calc(-1 * ${vars.space['2']})`, fontSize: vars.fontSize.sm });

export const intro = style({ margin: 0, color: vars.colour.textMuted });

export const sent = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], paddingTop: vars.space['4'] });
