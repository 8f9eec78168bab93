import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

export const bar = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  background: vars.colour.surface,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  border: `1px solid ${vars.colour.border}`,
  '@media': {
    [media.sm]: { gridTemplateColumns: '1fr 1fr' },
    [media.lg]: { gridTemplateColumns: '1.6fr 1.2fr 1fr 0.8fr auto', alignItems: 'end' },
  },
});

export const location = style({ '@media': { [media.sm]: { gridColumn: '1 / -1' }, [media.lg]: { gridColumn: 'auto' } } });

export const submit = style({ '@media': { [media.sm]: { gridColumn: '1 / -1' }, [media.lg]: { gridColumn: 'auto' } } });
