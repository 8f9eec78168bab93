import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const status = style({ color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

// ---- booking cards ----

export const bookingCard = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['4'],
  '@media': { [media.sm]: { gridTemplateColumns: '8rem 1fr' } },
});

export const bookingCardNoPhoto = style({ '@media': { [media.sm]: { gridTemplateColumns: '1fr' } } });

export const thumb = style({
  width: '100%',
  // A banner on phones, a 4:3 thumbnail beside the text from the small breakpoint up.
  height: 'auto',
  aspectRatio: '16 / 7',
  '@media': { [media.sm]: { aspectRatio: '4 / 3' } },
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.colour.surfaceSunken,
  display: 'block',
});

export const bookingMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], minWidth: 0 });

export const bookingHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['2'] });

export const bookingTitle = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['8'],
  rowGap: vars.space['3'],
  margin: 0,
});

export const fact = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const factLabel = style({ fontSize: vars.fontSize.xs, color: vars.colour.textMuted, textTransform: 'uppercase', letterSpacing: '0.04em' });

export const factValue = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.colour.text, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const actionWithNote = style({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const note = style({ fontSize: vars.fontSize.xs, color: vars.colour.textMuted });

export const empty = style({ alignItems: 'flex-start', gap: vars.space['3'] });

export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

// ---- host layout ----

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space['4'],
  marginBottom: vars.space['6'],
});

/** The host's notification offer sits above the stat cards: the same gap as between rows of cards. */
export const notificationOffer = style({ marginBottom: vars.space['4'] });

export const statValue = style({ fontSize: vars.fontSize['2xl'], fontWeight: vars.fontWeight.semibold, color: vars.colour.text, margin: 0 });

export const statLabel = style({ fontSize: vars.fontSize.sm, color: vars.colour.textMuted, margin: 0 });

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
  '@media': { [media.md]: { alignSelf: 'flex-start', position: 'sticky', top: vars.space['4'], minWidth: '12rem' } },
});

export const sidebarLink = style({ paddingInline: vars.space['3'], fontSize: vars.fontSize.sm });

export const panelHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['3'], marginBottom: vars.space['4'] });

export const listingGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space['4'],
});

export const listingPhoto = style({ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', background: vars.colour.surfaceSunken });

export const listingBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], padding: vars.space['4'] });

export const roomRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const roomInfo = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0, flex: '1 1 14rem' });

export const roomControls = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' });

export const inlineBadges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });

// ---- monthly payments (docs/decisions/pay-monthly.md) ----

export const payments = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'auto auto 1fr',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.colour.text,
});

export const payment = style({ display: 'contents' });

export const paymentFailed = style({ color: vars.colour.dangerText, fontWeight: vars.fontWeight.semibold });

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.colour.danger}`,
  borderRadius: vars.radius.lg,
  background: vars.colour.dangerSubtle,
  color: vars.colour.dangerText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const bannerText = style({ margin: 0, flex: '1 1 16rem' });
