// The legacy wire's date text, kept apart from the TypeBox schemas so the web bundle need not
// carry the schema builder for two small functions.

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the date format of the legacy wire. */
export function formatLegacyDate(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export const LEGACY_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Reads 'YYYY-MM-DD HH:mm:ss' (seconds or the whole time may be left out) as UTC; undefined if invalid. */
export function parseLegacyDate(text: string): Date | undefined {
  const m = LEGACY_DATE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const valid =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
  return valid && s < 60 ? date : undefined;
}
