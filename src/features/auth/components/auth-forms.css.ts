import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], paddingTop: vars.space['4'] });

export const status = style({ margin: 0, color: vars.colour.textMuted, paddingBlock: vars.space['4'], textAlign: 'center' });
