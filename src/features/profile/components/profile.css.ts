import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../../styles/theme.css.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: '18rem minmax(0, 1fr)' } },
});

export const mainColumn = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0 });

export const status = style({ margin: 0, paddingBlock: vars.space['10'], textAlign: 'center', color: vars.colour.textMuted });

/** Cards use md padding on phones and lg from the md breakpoint. */
export const card = style({ '@media': { [media.md]: { padding: vars.space['8'] } } });

// ---- photo card
export const photoCard = style({
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space['3'],
  '@media': { [media.lg]: { position: 'sticky', top: vars.space['20'] } },
});

export const photoRing = style({
  padding: vars.space['1'],
  borderRadius: vars.radius.full,
  background: vars.colour.surface,
  boxShadow: `0 0 0 2px ${vars.colour.brandSubtle}`,
  marginBottom: vars.space['1'],
});

export const photoName = style({ overflowWrap: 'anywhere' });

export const offlineReason = style({ margin: 0, maxWidth: '16rem', textAlign: 'center' });

export const uploadProgress = style({ width: '100%', maxWidth: '14rem' });

// ---- form
export const sectionHeader = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], marginBottom: vars.space['5'] });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const twoColumns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const accountType = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space['2'] });

export const fieldLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.colour.text });

export const privacy = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.colour.border}`,
  background: vars.colour.background,
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.colour.border}`,
});

// ---- security
export const security = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });

export const securityHeader = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const codeField = style({ maxWidth: '16rem' });

export const factorList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const factor = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.colour.border}`,
});

export const factorText = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const factorName = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], fontWeight: vars.fontWeight.semibold });

export const enrolment = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.colour.border}`,
  background: vars.colour.background,
  '@media': { [media.md]: { gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'start' } },
});

export const qrCode = style({
  display: 'block',
  width: '11rem',
  height: '11rem',
  padding: vars.space['2'],
  justifySelf: 'center',
  borderRadius: vars.radius.md,
  background: '#ffffff',
  border: `1px solid ${vars.colour.border}`,
});

export const enrolmentSteps = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], minWidth: 0 });

export const secret = style({
  display: 'block',
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.colour.surfaceSunken,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.08em',
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

/** Notifications: the kinds, one switch each. */
export const kinds = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], margin: 0, padding: 0, border: 'none', minWidth: 0 });
globalStyle(`${kinds} > legend`, { padding: 0, marginBottom: vars.space['2'] });

export const buttonRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
