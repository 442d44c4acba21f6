/**
 * A small multipart/form-data reader (RFC 7578) for the floor-plan upload: the body arrives whole
 * (the route's body limit caps it), so the parts are slices of one buffer. No dependency is needed
 * for one file field and two text fields.
 */
export type Part = { name: string; filename?: string; contentType?: string; data: Buffer };

export class MultipartError extends Error {}

const MAX_PARTS = 10;

export function boundaryOf(contentType: string): string {
  const m = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw new MultipartError('multipart body without a boundary');
  return boundary;
}

export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MultipartError('multipart body without its boundary');
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts; // the closing "--"
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw new MultipartError('malformed multipart body');
    at += 2;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) throw new MultipartError('malformed multipart part headers');
    const headers = parseHeaders(body.toString('utf8', at, headerEnd));
    const dataStart = headerEnd + 4;
    const end = body.indexOf(next, dataStart);
    if (end < 0) throw new MultipartError('multipart body is not closed');
    const disposition = headers.get('content-disposition') ?? '';
    const name = param(disposition, 'name');
    if (!/^form-data\b/i.test(disposition) || name === undefined) {
      throw new MultipartError('multipart part without a form-data name');
    }
    parts.push({
      name,
      filename: param(disposition, 'filename'),
      contentType: headers.get('content-type'),
      data: body.subarray(dataStart, end),
    });
    if (parts.length > MAX_PARTS) throw new MultipartError(`at most ${MAX_PARTS} multipart fields`);
    at = end + 2;
  }
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function param(header: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${key}=([^;\\s]+)`, 'i').exec(header);
  const value = m?.[1] ?? m?.[2];
  return value?.replace(/\\(.)/g, '$1');
}
