import { useMemo, useSyncExternalStore } from 'react';

/** Colours and font of the current theme, for drawing on canvases (charts, radar curves). */
export type ThemeTokens = { dark: boolean; text: string; text2: string; border: string; card: string; font: string };

const themeKey = () => document.documentElement.dataset.theme ?? 'dark';
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The CSS tokens a canvas needs, read again whenever <html data-theme> changes. */
export function useThemeTokens(): ThemeTokens {
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
