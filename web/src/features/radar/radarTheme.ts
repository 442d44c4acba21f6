import type { ThemeTokens } from '@/lib/useThemeTokens.ts';

/**
 * Series colours (the charts' colour-blind-safe palette): the shown curve, the compared curve
 * (also dashed, so it differs by more than hue) and the difference.
 */
export function radarColors(theme: ThemeTokens) {
  return theme.dark
    ? { curve: '#56b4e9', compare: '#f0e442', difference: '#cc79a7' }
    : { curve: '#0072b2', compare: '#9a8900', difference: '#b8529a' };
}
