import type { FloorPlanType } from '@fieldwatch/core';

/** A recognised floor-plan image: its type from the bytes (never from a name or header) and its size. */
export type SniffedImage = { type: FloorPlanType; width: number; height: number };

/** Why an upload is refused: `unsupported` (415) or `malformed`. */
export class ImageRejected extends Error {
  constructor(
    readonly reason: 'unsupported' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 30_000;

/** PNG, JPEG or WebP by their magic bytes: the size when readable, undefined when damaged, null when none of them. */
function raster(data: Buffer): SniffedImage | undefined | null {
  if (data.length >= 24 && data.subarray(0, 8).equals(PNG)) return png(data);
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return jpeg(data);
  if (data.length >= 30 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return webp(data);
  return null;
}

function checkedSize(found: SniffedImage | undefined, maxSide: number, message: string): SniffedImage {
  if (!found || !(found.width >= 1 && found.height >= 1) || found.width > maxSide || found.height > maxSide) {
    throw new ImageRejected('malformed', message);
  }
  return found;
}

/** Recognises PNG, JPEG, WebP and SVG; anything else is an ImageRejected. */
export function sniffImage(data: Buffer): SniffedImage {
  const found = raster(data);
  if (found === null && !looksLikeSvg(data))
    throw new ImageRejected('unsupported', 'Floor plans must be PNG, JPEG, WebP or SVG images');
  return checkedSize(
    found ?? svg(data),
    MAX_SIDE,
    'The image size could not be read, or it is larger than 30000 pixels',
  );
}

/** Avatars and logos are shown small: at most this many pixels a side (a "pixel bomb" is refused unread). */
export const AVATAR_MAX_SIDE = 4096;

/** An avatar or logo: PNG, JPEG or WebP by content (never SVG), at most AVATAR_MAX_SIDE pixels a side. */
export function sniffAvatar(data: Buffer): SniffedImage {
  const found = raster(data);
  if (found === null) throw new ImageRejected('unsupported', 'Avatars must be PNG, JPEG or WebP images');
  return checkedSize(found, AVATAR_MAX_SIDE, 'Image size exceeded');
}

function png(d: Buffer): SniffedImage {
  if (d.toString('latin1', 12, 16) !== 'IHDR') throw new ImageRejected('malformed', 'Damaged PNG image');
  return { type: 'image/png', width: d.readUInt32BE(16), height: d.readUInt32BE(20) };
}

/** The first start-of-frame segment carries the size. */
function jpeg(d: Buffer): SniffedImage | undefined {
  let i = 2;
  while (i + 9 < d.length) {
    if (d[i] !== 0xff) return undefined;
    const marker = d[i + 1] as number;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = d.readUInt16BE(i + 2);
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) return { type: 'image/jpeg', height: d.readUInt16BE(i + 5), width: d.readUInt16BE(i + 7) };
    if (marker === 0xd9 || marker === 0xda) return undefined;
    i += 2 + length;
  }
  return undefined;
}

function webp(d: Buffer): SniffedImage | undefined {
  const chunk = d.toString('latin1', 12, 16);
  if (chunk === 'VP8 ')
    return { type: 'image/webp', width: d.readUInt16LE(26) & 0x3fff, height: d.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const b = d.subarray(21, 25);
    const [b0, b1, b2, b3] = [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0, b[3] ?? 0];
    return {
      type: 'image/webp',
      width: 1 + (b0 | ((b1 & 0x3f) << 8)),
      height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)),
    };
  }
  if (chunk === 'VP8X') return { type: 'image/webp', width: 1 + d.readUIntLE(24, 3), height: 1 + d.readUIntLE(27, 3) };
  return undefined;
}

const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

function looksLikeSvg(d: Buffer): boolean {
  return SVG_START.test(d.toString('utf8', 0, Math.min(d.length, 4096)));
}

/**
 * An SVG's size from its root element. Its content is cleaned before it gets here
 * (modules/floorPlans/svgSanitizer.ts: DOMPurify on jsdom, no script or outside reference).
 */
function svg(d: Buffer): SniffedImage {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(d);
  } catch {
    throw new ImageRejected('malformed', 'The SVG is not UTF-8 text');
  }
  const root = /<svg\b([^>]*)>/i.exec(text)?.[1] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const viewBox = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const length = (v: string | undefined) => {
    const m = v ? /^\s*([\d.]+)\s*(px)?\s*$/.exec(v) : null;
    return m ? Number(m[1]) : undefined;
  };
  let width = length(attr('width'));
  let height = length(attr('height'));
  if (viewBox && viewBox.length === 4 && viewBox.every(Number.isFinite)) {
    width ??= viewBox[2];
    height ??= viewBox[3];
  }
  if (!width || !height) throw new ImageRejected('malformed', 'The SVG needs a viewBox or a width and height');
  return { type: 'image/svg+xml', width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}
