import { Worker } from 'node:worker_threads';
import { ImageRejected } from '../../uploads/images.ts';

/**
 * SVG floor plans are cleaned by DOMPurify (a maintained allow-list sanitiser) with its SVG
 * profile, on a jsdom window, before anything else reads them. What survives is a plain drawing:
 * no script, event handler, foreignObject or animation, and nothing that loads from elsewhere
 * (a link or `url()` only to `#fragment`, an `<image>` only of embedded PNG, JPEG, GIF or WebP,
 * no `@import`). The stored file is the cleaned one. The rules are in svgSanitizer.worker.mjs.
 */

/** Cleaning takes time for every element: a drawing with more than this is refused unread. */
const SVG_MAX_ELEMENTS = 50_000;
/** An idle cleaning thread ends after this long, giving its memory back. */
const IDLE_MS = 60_000;

type Reply = { id: number; svg?: string; rejected?: string; error?: string };
type Pending = { resolve: (svg: string) => void; reject: (e: Error) => void };
type Cleaner = { thread: Worker; pending: Map<number, Pending> };

let current: Cleaner | undefined;
let nextId = 0;
let idle: NodeJS.Timeout | undefined;

/**
 * The cleaning thread, started on the first SVG only (jsdom takes a while to load: a server that
 * never gets an SVG never pays for it) and ended when idle. It keeps the process alive only while
 * it has work.
 */
function cleaner(): Cleaner {
  clearTimeout(idle);
  if (current) return current;
  const c: Cleaner = { thread: new Worker(new URL('./svgSanitizer.worker.mjs', import.meta.url)), pending: new Map() };
  c.thread.unref();
  c.thread.on('message', (reply: Reply) => {
    const waiting = c.pending.get(reply.id);
    if (!waiting) return;
    c.pending.delete(reply.id);
    if (c.pending.size === 0) {
      c.thread.unref();
      idle = setTimeout(() => {
        if (current !== c || c.pending.size > 0) return;
        current = undefined;
        void c.thread.terminate();
      }, IDLE_MS).unref();
    }
    if (reply.svg !== undefined) waiting.resolve(reply.svg);
    else if (reply.rejected !== undefined) waiting.reject(new ImageRejected('malformed', reply.rejected));
    else waiting.reject(new Error(`SVG cleaning failed: ${reply.error}`));
  });
  const fail = (e: Error) => {
    if (current === c) current = undefined;
    for (const waiting of c.pending.values()) waiting.reject(e);
    c.pending.clear();
  };
  c.thread.on('error', fail);
  c.thread.on('exit', (code) => fail(new Error(`the SVG cleaning thread exited (${code})`)));
  current = c;
  return c;
}

/** Whether the bytes are text that starts as markup (an SVG candidate) rather than a raster image. */
export function looksLikeMarkup(data: Buffer): boolean {
  const start = data
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return start.startsWith('<');
}

/** The SVG cleaned (well-formed XML whose root is `<svg>` in the SVG namespace), or ImageRejected (415). */
export async function sanitizeSvg(data: Buffer): Promise<Buffer> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ImageRejected('malformed', 'The SVG is not UTF-8 text');
  }
  const elements = text.match(/<[A-Za-z]/g)?.length ?? 0;
  if (elements > SVG_MAX_ELEMENTS) {
    throw new ImageRejected('malformed', `The SVG has more than ${SVG_MAX_ELEMENTS} elements`);
  }
  const { thread, pending } = cleaner();
  const id = nextId++;
  const svg = await new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, text });
  });
  return Buffer.from(svg);
}
