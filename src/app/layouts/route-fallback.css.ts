import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const pulsing = keyframes({ '0%, 100%': { opacity: 0.35 }, '50%': { opacity: 1 } });

export const fallback = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
});

export const pulse = style({
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.full,
  background: vars.colour.brandSubtle,
  animation: `${pulsing} 1.2s ${vars.easing.standard} infinite`,
});

export const label = style({ color: vars.colour.textMuted, fontSize: vars.fontSize.sm });
