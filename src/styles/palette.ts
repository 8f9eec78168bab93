// Raw colour values. The theme turns them into CSS variables; a unit test checks the
// text/background pairs the components use against WCAG AA (4.5:1 for text).
export const palette = {
  brand: '#0f766e',
  brandHover: '#115e59',
  brandPressed: '#134e4a',
  brandSubtle: '#ccfbf1',
  brandSubtleText: '#115e59',
  onBrand: '#ffffff',

  accent: '#f3e6d0',
  accentHover: '#ead7b6',
  accentStrong: '#92400e',
  onAccent: '#422006',

  background: '#fafaf9',
  surface: '#ffffff',
  surfaceSunken: '#f5f5f4',
  surfaceHover: '#f0efed',
  border: '#d6d3d1',
  borderStrong: '#78716c',
  text: '#1c1917',
  textMuted: '#57534e',
  textSubtle: '#6b645f',
  textInverse: '#ffffff',

  success: '#15803d',
  successSubtle: '#dcfce7',
  successText: '#166534',
  warning: '#b45309',
  warningSubtle: '#fef3c7',
  warningText: '#92400e',
  danger: '#b91c1c',
  dangerHover: '#991b1b',
  dangerPressed: '#7f1d1d',
  dangerSubtle: '#fee2e2',
  dangerText: '#991b1b',
  onDanger: '#ffffff',

  focusRing: '#0f766e',
  overlay: 'rgba(28, 25, 23, 0.5)',
  skeleton: '#e7e5e4',
  skeletonHighlight: '#f5f5f4',
} as const;

export type PaletteColour = keyof typeof palette;

/** Foreground/background pairs used for text anywhere in src/ui (checked for ≥ 4.5:1). */
export const textContrastPairs: ReadonlyArray<readonly [fg: PaletteColour, bg: PaletteColour]> = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surfaceSunken'],
  ['text', 'surfaceHover'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceSunken'],
  ['textSubtle', 'surface'],
  ['textSubtle', 'surfaceSunken'],
  ['onBrand', 'brand'],
  ['onBrand', 'brandHover'],
  ['onBrand', 'brandPressed'],
  ['brand', 'surface'],
  ['brand', 'background'],
  ['brandHover', 'surfaceHover'],
  ['brandSubtleText', 'brandSubtle'],
  ['onAccent', 'accent'],
  ['onAccent', 'accentHover'],
  ['accentStrong', 'surface'],
  ['successText', 'successSubtle'],
  ['warningText', 'warningSubtle'],
  ['dangerText', 'dangerSubtle'],
  ['danger', 'surface'],
  ['onDanger', 'danger'],
  ['onDanger', 'dangerHover'],
  ['onDanger', 'dangerPressed'],
  ['textInverse', 'text'],
];

/** Non-text UI pairs (focus ring, input borders) need ≥ 3:1 (WCAG 1.4.11). */
export const uiContrastPairs: ReadonlyArray<readonly [fg: PaletteColour, bg: PaletteColour]> = [
  ['focusRing', 'surface'],
  ['focusRing', 'background'],
  ['borderStrong', 'surface'],
  ['brand', 'surface'],
];
