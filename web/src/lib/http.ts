/** The HTTP client: same-origin JSON with the session cookie, and the 401 handling (clear the session, back to sign-in). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's stable code of the refusal, where it gives one (`two_factor_required`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

let onTwoFactorRequired: (() => void) | undefined;
/** What a 403 `two_factor_required` does (the app shows the enrolment screen). */
export function setTwoFactorRequiredHandler(fn: () => void) {
  onTwoFactorRequired = fn;
}

let onUnauthorized: (() => void) | undefined;
let unauthorizedHandled = false;
/**
 * Counts the times the 401 handling ran. A request remembers the count it was sent at: a 401 to a
 * request sent before the last handling belongs to the expiry already handled, even when a public
 * call (no session needed) succeeded in between and re-armed the once-only flag.
 */
let expiries = 0;

/** The app decides what a 401 does; it runs once until the next successful response. */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/** Runs the 401 handling (once until a request succeeds); also used when the live socket's session ends. */
export function notifyUnauthorized(sentAt = expiries) {
  if (unauthorizedHandled || sentAt < expiries) return;
  unauthorizedHandled = true;
  expiries++;
  onUnauthorized?.();
}

/** How a body goes on the wire: a form as it is (the browser writes its boundary), a file as raw bytes, else JSON. */
function encode(body: unknown, contentType?: string): { headers: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData) return { headers: {}, body };
  if (body instanceof Blob) return { headers: { 'content-type': contentType ?? 'application/octet-stream' }, body };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** The page's language (the <html lang> the app keeps current) as an Accept-Language header. */
function shownLanguage(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'accept-language': lang } : {};
}

export async function request<T>(method: string, path: string, body?: unknown, contentType?: string): Promise<T> {
  const sentAt = expiries;
  let res: Response;
  try {
    const { headers, body: sent } = encode(body, contentType);
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      // The server words its texts (alarm sentences) in the language this page shows.
      headers: { ...headers, ...shownLanguage() },
      body: sent,
    });
  } catch (e) {
    throw new ApiError(0, e instanceof Error ? e.message : String(e));
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (res.ok) {
    unauthorizedHandled = false;
    return data as T;
  }
  if (res.status === 401 && !path.startsWith('/api/v2/auth/login')) notifyUnauthorized(sentAt);
  // Each API family names its error text differently: message, v2 error, legacy Result.
  const answer = data as { message?: string; error?: unknown; Result?: string; code?: unknown } | undefined;
  const message = answer?.message ?? (typeof answer?.error === 'string' ? answer.error : undefined) ?? answer?.Result;
  const code = typeof answer?.code === 'string' ? answer.code : undefined;
  // A policy requires two-factor sign-in and the user has not set it up: nothing else works until they do.
  if (res.status === 403 && code === 'two_factor_required') onTwoFactorRequired?.();
  throw new ApiError(res.status, message ?? res.statusText, code);
}

export type V2Envelope<T> = { success: boolean; result?: T; error?: string };

/** v2 answers are an envelope; success false is an error. */
export async function v2<T>(call: Promise<V2Envelope<T>>): Promise<T> {
  const answer = await call;
  if (!answer.success || answer.result === undefined) throw new ApiError(400, answer.error ?? 'Request failed');
  return answer.result;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  /** A raw image as the body with its own type as content type (avatar calls). */
  postImage: <T>(path: string, image: Blob) =>
    request<T>('POST', path, image, image.type || 'application/octet-stream'),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};
