/** What a column without a fixed width holds: a short label (a name, a type) or a long free text. */
export type ColumnFit = 'label' | 'text';

export type WidthSpec = { key: string; width?: number; fit?: ColumnFit };

/** Column widths the person set, by column key, in pixels. */
export type ColumnWidths = Readonly<Record<string, number>>;

/** A label column's narrowest and usual width: a unit name or an alarm type of about 24 characters. */
export const LABEL_MIN = 72;
export const LABEL_WIDTH = 184;
/** A text column's narrowest width, so a few words always show. */
export const TEXT_MIN = 96;
/** When room is short, a text column gets this many times a label column's width. */
const TEXT_SHARE = 1.5;
/** The narrowest and widest width a person can give a column. */
export const RESIZE_MIN = 48;
export const RESIZE_MAX = 1200;

export const clampWidth = (w: number) => Math.round(Math.min(RESIZE_MAX, Math.max(RESIZE_MIN, w)));

/**
 * Each column's width in pixels for a table `available` pixels wide. A column the person resized
 * keeps that width and a column with a fixed width keeps it (times, numbers, status). Label columns
 * get their usual width, less when room is short (a text column then gets 1.5 times a label's); the
 * text columns share the room the others leave. Without a text column the labels share it. Room still left (every column fixed
 * or resized) goes to the last text column, or else the last column, so the table fills its width.
 * The sum may exceed `available`: the table then scrolls sideways.
 */
export function columnWidths(columns: readonly WidthSpec[], available: number, resized: ColumnWidths): number[] {
  const given = columns.map((c) => resized[c.key] ?? c.width);
  const sum = (ws: readonly (number | undefined)[]) => ws.reduce<number>((total, w) => total + (w ?? 0), 0);
  const isText = (i: number) => columns[i]?.fit === 'text';
  const free = given.flatMap((w, i) => (w === undefined ? [i] : []));
  const texts = free.filter(isText);
  const labels = free.filter((i) => !isText(i));
  const room = available - sum(given);

  const shares = labels.length + texts.length * TEXT_SHARE;
  const label = Math.floor(room / Math.max(1, shares));
  const labelWidth = Math.max(LABEL_MIN, texts.length > 0 ? Math.min(LABEL_WIDTH, label) : label);
  const textWidth = Math.max(TEXT_MIN, Math.floor((room - labels.length * labelWidth) / Math.max(1, texts.length)));
  const widths = given.map((w, i) => w ?? (isText(i) ? textWidth : labelWidth));

  const left = available - sum(widths);
  const textAt = columns.map((_, i) => i).filter(isText);
  const at = textAt.at(-1) ?? widths.length - 1;
  if (left > 0 && at >= 0) widths[at] = (widths[at] ?? 0) + left;
  return widths;
}

/** The resized widths read from a stored value: only finite numbers within the resize range. */
export function readColumnWidths(v: unknown): Record<string, number> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter(
      (e): e is [string, number] => typeof e[1] === 'number' && e[1] >= RESIZE_MIN && e[1] <= RESIZE_MAX,
    ),
  );
}
