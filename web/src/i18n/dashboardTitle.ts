import type { TFunction } from 'i18next';

/** Built-in dashboards are stored under a translation key; everything else is the user's text. */
export const dashboardTitle = (t: TFunction, name: string) => (name.startsWith('builtin.') ? t(name) : name);
