import { useEffect } from 'react';
import { applyTheme } from '@/lib/page.ts';
import { useRootStore } from '@/stores/root.ts';
import { useUserStore } from '@/stores/user.ts';

/** Keeps <html data-theme> and the body blur in step with the stores. */
export function usePresentation() {
  const themeMode = useUserStore((s) => s.themeMode);
  const blur = useRootStore((s) => s.blurRequests > 0);
  useEffect(() => applyTheme(themeMode), [themeMode]);
  useEffect(() => {
    document.body.classList.toggle('blur', blur);
  }, [blur]);
}
