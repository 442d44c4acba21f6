/** Business constants that the foundation uses. */
export const SESSION_COOKIE_DAYS = 28;
export const SESSION_COOKIE_NAME = 'fw_session';
export const PASSWORD_MIN_LENGTH = 6;
export const DEFAULT_HTTP_PORT = 3000;
export const BREAKPOINTS = { sm: 640, md: 930, lg: 1024, xl: 1280, xxl: 1536 } as const;
export const DEFAULT_TIMEZONE = 'GMT +01:00 Stockholm';
export const DATE_FORMATS = ['MMM DD YYYY', 'DD MMM YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD MMM YYYY';
export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const STATUS_COLORS = {
  alarm: '#C41539',
  problem: '#ff9900',
  ok: '#4BD3AF',
  inactive: '#FFFFFF',
} as const;
/** Parking report window defaults (times of day, UTC). */
export const PARKING_WINDOW_DEFAULT = { start: '08:00', stop: '17:00' } as const;
/** A password-reset or invitation token: 256 random bits, base64url. */
export const RESET_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
/**
 * Limits of error reports (contract/errorReports.ts). Plain values here, so the browser's reporter
 * reads them without loading the schema builder into the first page load.
 */
export const ERROR_MESSAGE_MAX = 2000;
export const ERROR_STACK_MAX = 16 * 1024;
/** Context is small and flat: a few named texts, numbers or flags (route, language, component stack…). */
export const ERROR_CONTEXT_KEYS_MAX = 20;
export const ERROR_CONTEXT_VALUE_MAX = 2000;
/** Milliseconds in a day (UTC days: no summer time). */
export const DAY_MS = 86_400_000;
/** A unit's latest value of a series older than this is not shown: a month's silence has no current value. */
export const LATEST_MAX_AGE_DAYS = 30;
