import { useEffect } from 'react';
import { useRootStore } from '../stores/root.ts';
import { type ThemeMode, useUserStore } from '../stores/user.ts';

export function applyTheme(mode: ThemeMode) {
  document.documentElement.dataset.theme = mode === 'Dark' ? 'dark' : 'bright';
}

/** Keeps <html data-theme> and the body blur in step with the stores. */
export function usePresentation() {
  const themeMode = useUserStore((s) => s.themeMode);
  const blur = useRootStore((s) => s.blurRequests > 0);
  useEffect(() => applyTheme(themeMode), [themeMode]);
  useEffect(() => {
    document.body.classList.toggle('blur', blur);
  }, [blur]);
}
