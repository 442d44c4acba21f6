import { currentDateFormat } from './useDateFormat.ts';

/** RFC 4180 CSV: fields with a comma, quote or line break quoted, quotes doubled; CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const field = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'number' ? String(v) : v;
    // A leading = + - @ would be run as a formula by spreadsheets; a quote prefix keeps it text.
    const safe = typeof v === 'string' && /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((r) => r.map(field).join(',')).join('\r\n');
}

/**
 * A file name for the download: the list's title, safe characters only, and the day ('YYYY-MM-DD',
 * which sorts; the day as the profile's timezone has it, see `downloadCsv`).
 */
export function csvFileName(title: string, day: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'report';
  return `${base}-${day}.csv`;
}

/** Downloads rows as a CSV file named after `title` (with a BOM, so spreadsheets read UTF-8). */
export function downloadCsv(title: string, rows: readonly (readonly (string | number | null | undefined)[])[]) {
  const blob = new Blob([`\ufeff${toCsv(rows)}`], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = csvFileName(title, currentDateFormat().isoDay(Date.now()));
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}
