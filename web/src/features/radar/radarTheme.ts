import { useMemo, useSyncExternalStore } from 'react';

/** The plot's colours from the CSS tokens, read again whenever <html data-theme> changes. */
export type RadarTheme = { dark: boolean; text: string; text2: string; border: string; card: string; font: string };

const themeKey = () => document.documentElement.dataset.theme ?? 'dark';
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

export function useRadarTheme(): RadarTheme {
  const key = useSyncExternalStore(subscribeTheme, themeKey);
  return useMemo(() => {
    const css = getComputedStyle(document.documentElement);
    const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    return {
      dark: key !== 'bright',
      text: token('--text', '#e6ecf3'),
      text2: token('--text-2', '#9fb0c3'),
      border: token('--border', '#27364a'),
      card: token('--card', '#141c26'),
      font: token('--font', 'system-ui, sans-serif'),
    };
  }, [key]);
}

/**
 * Series colours (the charts' colour-blind-safe palette): the shown curve, the compared curve
 * (also dashed, so it differs by more than hue) and the difference.
 */
export function radarColors(theme: RadarTheme) {
  return theme.dark
    ? { curve: '#56b4e9', compare: '#f0e442', difference: '#cc79a7' }
    : { curve: '#0072b2', compare: '#9a8900', difference: '#b8529a' };
}
