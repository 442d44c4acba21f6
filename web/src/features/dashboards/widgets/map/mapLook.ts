import { useMemo, useSyncExternalStore } from 'react';

/** The document's theme and direction, followed as they change (theme toggle, language). */
export type Look = { dark: boolean; rtl: boolean };
const lookKey = () => `${document.documentElement.dataset.theme ?? 'dark'}|${document.documentElement.dir || 'ltr'}`;
function subscribeLook(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'dir'] });
  return () => observer.disconnect();
}
export function useLook(): Look {
  const key = useSyncExternalStore(subscribeLook, lookKey);
  return useMemo(() => {
    const [theme, dir] = key.split('|');
    return { dark: theme !== 'bright', rtl: dir === 'rtl' };
  }, [key]);
}

export const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
