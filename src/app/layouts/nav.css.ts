import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  background: vars.colour.surface,
  borderBottom: `1px solid ${vars.colour.border}`,
});

export const inner = style({
  maxWidth: '75rem',
  marginInline: 'auto',
  height: '4rem',
  paddingInline: vars.space['4'],
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['6'],
  '@media': { [media.md]: { paddingInline: vars.space['6'] } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.colour.text,
  textDecoration: 'none',
  marginInlineEnd: 'auto',
  '@media': { [media.md]: { marginInlineEnd: 0 } },
});

export const brandMark = style({ display: 'block', width: '2rem', height: '2rem', flexShrink: 0 });

const desktopOnly = { display: 'none', '@media': { [media.md]: { display: 'flex' } } } as const;

export const desktopLinks = style({ ...desktopOnly, alignItems: 'center', gap: vars.space['5'], flex: 1 });

export const desktopActions = style({ ...desktopOnly, alignItems: 'center', gap: vars.space['3'] });

export const actionsPlaceholder = style({ display: 'block', width: '12rem', height: vars.control.heightSm });

export const phoneStatus = style({ display: 'inline-flex', marginInlineEnd: `calc(-1 * ${vars.space['3']})`, '@media': { [media.md]: { display: 'none' } } });

export const menuToggle = style({ '@media': { [media.md]: { display: 'none' } } });

export const mobileMenu = style({
  borderTop: `1px solid ${vars.colour.border}`,
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': { [media.md]: { display: 'none' } },
});

export const mobileLinks = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const mobileActions = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });

export const withBadge = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['1'] });
