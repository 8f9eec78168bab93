import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

const column = { maxWidth: '75rem', marginInline: 'auto', paddingInline: vars.space['4'] } as const;
const columnMd = { paddingInline: vars.space['6'] } as const;

export const hero = style({
  background: `radial-gradient(120% 90% at 85% 0%, ${vars.colour.accent} 0%, transparent 55%), linear-gradient(160deg, ${vars.colour.brandSubtle} 0%, ${vars.colour.background} 70%)`,
  paddingBlock: `${vars.space['12']} ${vars.space['16']}`,
  '@media': { [media.md]: { paddingBlock: `${vars.space['20']} 7rem` } },
});

export const heroInner = style({
  ...column,
  display: 'grid',
  gap: vars.space['8'],
  alignItems: 'center',
  '@media': { [media.md]: { ...columnMd, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 34rem)', gap: vars.space['10'] } },
});

export const heroCopy = style({ minWidth: 0 });

/** The listing photo; on a desktop its caption card is laid over the sky, on a phone it follows the photo. */
export const heroFigure = style({ position: 'relative', margin: 0 });

export const heroPhoto = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  background: vars.colour.brandSubtle,
});

export const heroCaption = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.lg,
  background: vars.colour.surface,
  boxShadow: vars.shadow.md,
  '@media': {
    [media.md]: { position: 'absolute', top: vars.space['6'], left: `calc(-1 * ${vars.space['6']})`, maxWidth: '24rem', marginTop: 0 },
  },
});

export const heroFaces = style({ display: 'flex', flexShrink: 0 });

export const heroFace = style({ boxShadow: `0 0 0 2px ${vars.colour.surface}`, selectors: { '& + &': { marginInlineStart: '-0.25rem' } } });

export const heroCaptionTitle = style({ display: 'block', color: vars.colour.text, fontSize: vars.fontSize.sm });

export const heroCaptionText = style({ display: 'block', color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const eyebrow = style({
  margin: 0,
  color: vars.colour.brandSubtleText,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  fontSize: vars.fontSize.sm,
});

export const heroTitle = style({
  margin: `${vars.space['3']} 0 0`,
  maxWidth: '20ch',
  fontSize: vars.fontSize['3xl'],
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  color: vars.colour.text,
  '@media': { [media.md]: { fontSize: '3.25rem' } },
});

export const heroText = style({
  margin: `${vars.space['4']} 0 0`,
  maxWidth: '56ch',
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.relaxed,
  color: vars.colour.textMuted,
});

export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['6'] });

export const searchWrap = style({
  ...column,
  marginTop: `calc(-1 * ${vars.space['10']})`,
  position: 'relative',
  '@media': { [media.md]: { ...columnMd, marginTop: '-3.5rem' } },
});

export const section = style({
  ...column,
  paddingBlock: vars.space['12'],
  '@media': { [media.md]: { ...columnMd, paddingBlock: vars.space['16'] } },
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
  color: vars.colour.text,
  '@media': { [media.md]: { fontSize: vars.fontSize['3xl'] } },
});

export const sectionText = style({
  margin: `${vars.space['2']} 0 ${vars.space['6']}`,
  color: vars.colour.textMuted,
  fontSize: vars.fontSize.lg,
  maxWidth: '60ch',
});

export const steps = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space['6']} 0 0`,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space['6'] } },
});

export const stepCard = style({ height: '100%' });

export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.full,
  background: vars.colour.brand,
  color: vars.colour.onBrand,
  fontWeight: vars.fontWeight.bold,
});

export const cardTitle = style({ margin: `${vars.space['3']} 0 ${vars.space['2']}`, fontSize: vars.fontSize.xl, color: vars.colour.text });

export const cardText = style({ margin: 0, color: vars.colour.textMuted, lineHeight: vars.lineHeight.relaxed });

export const grid3 = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space['6'] } },
});

export const band = style({ background: vars.colour.surfaceSunken, borderBlock: `1px solid ${vars.colour.border}` });

export const bandInner = style({
  ...column,
  paddingBlock: vars.space['12'],
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'center',
  '@media': { [media.md]: { ...columnMd, gridTemplateColumns: '1fr 1fr', paddingBlock: vars.space['16'] } },
});

export const stats = style({
  margin: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const stat = style({
  background: vars.colour.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space['4'],
  boxShadow: vars.shadow.sm,
});

export const statFigure = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, color: vars.colour.brand });

export const statLabel = style({ margin: `${vars.space['1']} 0 0`, color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const profiles = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
});

export const profileCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], height: '100%' });

export const profileName = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.colour.text });

export const profileMeta = style({ margin: 0, color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const quoteFigure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space['4'], height: '100%' });

export const quote = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.relaxed, color: vars.colour.text });

export const quoteBy = style({ color: vars.colour.textMuted, fontSize: vars.fontSize.sm });

export const cta = style({
  ...column,
  textAlign: 'center',
  paddingBlock: vars.space['12'],
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  '@media': { [media.md]: columnMd },
});

// Wrapped onto two lines on a phone, the buttons stay centred under the centred title.
export const ctaActions = style([heroActions, { justifyContent: 'center' }]);

export const ctaTitle = style({ margin: 0, fontSize: vars.fontSize['2xl'], color: vars.colour.text });

