// Styles only host onboarding uses; the wizard, steps and preview share ../../components/onboarding.css.ts.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../../styles/theme.css.ts';

/** The trust tip under the visibility switch. */
export const tip = style({
  display: 'flex',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  background: vars.colour.accent,
  color: vars.colour.onAccent,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.relaxed,
});

export const tipIcon = style({ flexShrink: 0, marginTop: '0.125rem' });

export const visibilityRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['3'], flexWrap: 'wrap' });

export const cardLabel = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold, letterSpacing: '0.06em', textTransform: 'uppercase', color: vars.colour.textMuted });
