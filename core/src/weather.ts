import { DEFAULT_LANGUAGE } from './languages.ts';

/** The weather widget shows the past 5 days; the text language defaults to en. */
export const WEATHER_DEFAULTS = { days: 5, lang: DEFAULT_LANGUAGE } as const;
/** At most this many past days per request. */
export const WEATHER_MAX_DAYS = 16;
