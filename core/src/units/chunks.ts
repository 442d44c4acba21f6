/** At most 4000 ids per request; larger lists are split into chunks of 4000. */
export const MAX_IDS_PER_REQUEST = 4000;

export function chunk<T>(items: readonly T[], size = MAX_IDS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Reads a unit list in chunks of at most `size` ids, all at once; the answers in order. */
export const readInChunks = <T>(
  ids: readonly number[],
  read: (ids: number[]) => Promise<T>,
  size = MAX_IDS_PER_REQUEST,
): Promise<T[]> => Promise.all(chunk(ids, size).map((part) => read(part)));
