import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css.ts';

/** docs/product.md §2: the chat panel is 500 px high; the list matches it on wide screens. */
export const PANEL_HEIGHT = '500px';

// Phones show one pane at a time: the list, or (with a conversation selected) the chat.
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['4'],
  // From lg the list gets more room, so names and previews are not cut short beside a wide chat.
  '@media': {
    [media.md]: { gridTemplateColumns: 'minmax(16rem, 20rem) minmax(0, 1fr)', gap: vars.space['6'] },
    [media.lg]: { gridTemplateColumns: '24rem minmax(0, 1fr)' },
  },
});

export const listPane = style({
  selectors: { [`${layout}[data-view="chat"] &`]: { display: 'none' } },
  '@media': { [media.md]: { selectors: { [`${layout}[data-view="chat"] &`]: { display: 'flex' } } } },
});

export const chatPane = style({
  selectors: { [`${layout}[data-view="list"] &`]: { display: 'none' } },
  '@media': { [media.md]: { selectors: { [`${layout}[data-view="list"] &`]: { display: 'flex' } } } },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  height: PANEL_HEIGHT,
  background: vars.colour.surface,
  border: `1px solid ${vars.colour.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  overflow: 'hidden',
});

export const listHeader = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  paddingBlockEnd: vars.space['3'],
  borderBlockEnd: `1px solid ${vars.colour.border}`,
});

export const listTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const listTabs = style({ flex: 1, minHeight: 0, gap: 0 });

export const tabPanel = style({ flex: 1, minHeight: 0, overflowY: 'auto' });

export const rows = style({ listStyle: 'none', margin: 0, padding: vars.space['2'] });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  color: vars.colour.text,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[aria-current="page"]': { background: vars.colour.brandSubtle },
    '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '-2px' },
  },
  // A native anchor: hover only where a pointer can hover (no sticky hover after a tap).
  '@media': { '(hover: hover)': { selectors: { '&:hover:not([aria-current="page"])': { background: vars.colour.surfaceHover } } } },
});

export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const rowName = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const rowPreview = style({
  fontSize: vars.fontSize.sm,
  color: vars.colour.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const rowMeta = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: vars.space['1'] });

export const rowDate = style({ fontSize: vars.fontSize.xs, color: vars.colour.textSubtle, whiteSpace: 'nowrap' });

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  height: '100%',
  padding: vars.space['6'],
  textAlign: 'center',
  color: vars.colour.textMuted,
});

export const emptyTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.colour.text });

export const emptyText = style({ margin: 0, fontSize: vars.fontSize.sm, maxWidth: '26rem' });

export const chatHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '4.25rem',
  padding: vars.space['3'],
  paddingInlineEnd: vars.space['4'],
  borderBlockEnd: `1px solid ${vars.colour.border}`,
});

export const backButton = style({ '@media': { [media.md]: { display: 'none' } } });

export const headerText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const headerName = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const headerDetail = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.colour.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const messageLog = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.colour.background,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '-2px' } },
});

export const bubbleRow = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', maxWidth: '100%' });

export const ownRow = style({ alignItems: 'flex-end' });

export const senderName = style({ fontSize: vars.fontSize.xs, color: vars.colour.textMuted, marginBlockEnd: '0.125rem', paddingInline: vars.space['1'] });

export const bubble = style({
  maxWidth: 'min(36rem, 85%)',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.lg,
  background: vars.colour.surfaceSunken,
  border: `1px solid ${vars.colour.border}`,
  color: vars.colour.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  // Messages are plain text: keep their line breaks, and break long words and URLs anywhere.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
});

export const ownBubble = style({ background: vars.colour.brand, borderColor: vars.colour.brand, color: vars.colour.onBrand });

/** Not yet acknowledged by the server: a little faded until it settles. */
export const pendingBubble = style({ opacity: 0.72 });

export const failedBubble = style({ background: vars.colour.dangerSubtle, borderColor: vars.colour.danger, color: vars.colour.dangerText });

export const bubbleMeta = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginBlockStart: '0.125rem',
  paddingInline: vars.space['1'],
  fontSize: vars.fontSize.xs,
  color: vars.colour.textSubtle,
});

export const failedMeta = style({ color: vars.colour.dangerText, fontWeight: vars.fontWeight.medium });

export const metaAction = style({
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  color: vars.colour.dangerText,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '2px', borderRadius: vars.radius.sm } },
});

/** The notifications offer between the log and the composer: it must not squeeze either. */
export const notificationOffer = style({ flexShrink: 0, margin: `0 ${vars.space['3']} ${vars.space['2']}` });

export const composer = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderBlockStart: `1px solid ${vars.colour.border}`,
  background: vars.colour.surface,
});

export const composerInput = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.control.heightMd,
  maxHeight: '8rem',
  resize: 'none',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.colour.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.colour.surface,
  color: vars.colour.text,
  font: 'inherit',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.colour.focusRing}`, outlineOffset: '1px' },
    '&::placeholder': { color: vars.colour.textSubtle },
  },
});

globalStyle(`${composer} button`, { flexShrink: 0 });
