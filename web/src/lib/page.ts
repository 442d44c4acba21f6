import type { ThemeMode } from '@/stores/userState.ts';

/** The page's colour theme (<html data-theme>). */
export function applyTheme(mode: ThemeMode) {
  document.documentElement.dataset.theme = mode === 'Dark' ? 'dark' : 'bright';
}

/** The tab's title: the screen's name, then the product's. */
export function setDocumentTitle(title: string) {
  document.title = title ? `${title} · Fieldwatch` : 'Fieldwatch';
}
