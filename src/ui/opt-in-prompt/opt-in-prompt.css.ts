import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const prompt = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  background: vars.colour.surface,
  color: vars.colour.text,
  fontSize: vars.fontSize.sm,
});

export const text = style({ margin: 0, flex: '1 1 14rem' });

export const actions = style({ display: 'flex', gap: vars.space['2'] });

/** Why the action failed, on its own line under the sentence and buttons. */
export const problem = style({
  flex: '1 1 100%',
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.colour.dangerSubtle,
  color: vars.colour.dangerText,
});

export const problemTitle = style({ fontWeight: vars.fontWeight.semibold });
