/**
 * Loading the app's own code after start-up ("chunk load failure or a script time-out of
 * 120000 ms is handled by the runtime"). The one place for the rule: a lazy screen, widget, menu
 * or translation whose file cannot be fetched — after a deploy the old hashed files are gone — or
 * has not arrived within 120000 ms is a chunk failure, and the page offers a reload (the route
 * error screen, or the prompt over the page: app/NewVersion.tsx) instead of going blank.
 *
 * Nothing reloads by itself: the user chooses to (unsaved input stays theirs to lose). A reload
 * leaves a marker in sessionStorage; a chunk failure soon after one means the new version did not
 * help either (a network or server fault, not a deploy), so the offer says so instead of
 * promising a new version again and again.
 */
/** A script not loaded after this long has failed (webpack's chunk load time-out). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** A failure within this long of a reload for a new version: the reload did not help. */
export const RELOAD_GUARD_MS = 60_000;
/** sessionStorage key: when this tab last reloaded for a new version (ms since the epoch). */
export const RELOAD_MARKER = 'fieldwatch.reloadedForNewVersion';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** What browsers and Vite say when a module or its style sheet cannot be fetched. */
const FAILED_LOAD = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /is not a valid JavaScript MIME type/i, // Safari, when a page is answered for a script
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk \S+ failed/i, // webpack's wording
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || FAILED_LOAD.some((re) => re.test(error.message));
}

/**
 * newVersion: a file is gone or failed (a deploy, most likely); timeout: nothing for 120000 ms;
 * again: either of them shortly after this tab reloaded for a new version.
 */
export type ChunkFailureKind = 'newVersion' | 'timeout' | 'again';

type State = { failure: ChunkFailureKind | null; screens: number };
let state: State = { failure: null, screens: 0 };
const subscribers = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const fn of subscribers) fn();
};

function reloadedRecently(now: number): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_MARKER));
    return at > 0 && now - at >= 0 && now - at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/** How a chunk failure is told to the user. */
export function chunkFailureKind(error: unknown, now = Date.now()): ChunkFailureKind {
  if (reloadedRecently(now)) return 'again';
  return error instanceof ChunkLoadError && error.timedOut ? 'timeout' : 'newVersion';
}

/** Records a chunk failure (the first one of the page is the one shown); other errors are ignored. */
export function chunkLoadFailed(error: unknown): ChunkFailureKind | null {
  if (!isChunkLoadError(error)) return null;
  const kind = state.failure ?? chunkFailureKind(error);
  if (state.failure !== kind) set({ failure: kind });
  return kind;
}

/**
 * A lazy import with the spec's time-out: rejects with a ChunkLoadError when the file has not
 * loaded in `timeoutMs`, and records any chunk failure so the page can offer a reload. The
 * rejection still reaches the caller (a route's error screen, a widget's error state).
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new ChunkLoadError(`Loading a script timed out after ${timeoutMs} ms`, true);
      chunkLoadFailed(error);
      reject(error);
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        chunkLoadFailed(error);
        reject(error);
      },
    );
  });
}

/** Reloads the page for the new version, leaving the marker that guards against reload loops. */
export function reloadForNewVersion(reload: () => void = () => window.location.reload()) {
  try {
    sessionStorage.setItem(RELOAD_MARKER, String(Date.now()));
  } catch {
    // Storage refused (private mode quota): the reload still happens, only the guard is lost.
  }
  reload();
}

/**
 * Catches chunk failures no caller wrapped: Vite's `vite:preloadError` (every dynamic import of
 * a build, and the style sheets it preloads) and unhandled rejections. Not prevented: the import
 * still fails, so a route shows its error screen. Returns the uninstall function.
 */
export function installChunkFailureHandling(target: Window = window): () => void {
  const onPreload = (e: Event) => chunkLoadFailed((e as Event & { payload?: unknown }).payload);
  const onRejection = (e: PromiseRejectionEvent) => chunkLoadFailed(e.reason);
  target.addEventListener('vite:preloadError', onPreload);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('vite:preloadError', onPreload);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Calls `fn` whenever the recorded failure or the count of reload screens changes. */
export const subscribeChunkFailure = (fn: () => void) => {
  subscribers.add(fn);
  return () => {
    subscribers.delete(fn);
  };
};

/** The recorded chunk failure, and how many full-page screens already offer the reload. */
export const getChunkFailure = (): Readonly<State> => state;

/** A full-page reload screen is shown while the returned function is not called (the prompt then hides). */
export function showingReloadScreen(): () => void {
  set({ screens: state.screens + 1 });
  return () => set({ screens: state.screens - 1 });
}

/** For tests: forgets the recorded failure. */
export function resetChunkFailure() {
  state = { failure: null, screens: 0 };
  for (const fn of subscribers) fn();
}
