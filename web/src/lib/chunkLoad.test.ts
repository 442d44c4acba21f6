import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  chunkFailureKind,
  chunkLoadFailed,
  getChunkFailure,
  installChunkFailureHandling,
  isChunkLoadError,
  loadChunk,
  RELOAD_GUARD_MS,
  RELOAD_MARKER,
  reloadForNewVersion,
  resetChunkFailure,
} from './chunkLoad.ts';

// What a failed chunk load looks like in each browser and in Vite's preload helper.
const CHROMIUM = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/NotificationsPage-Bx1.js',
);
const FIREFOX = new TypeError('error loading dynamically imported module: http://x/assets/a-1.js');
const SAFARI = new TypeError('Importing a module script failed.');
const CSS = new Error('Unable to preload CSS for /assets/DashboardPage-D2.css');
const failure = () => getChunkFailure().failure;

beforeEach(() => {
  resetChunkFailure();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chunk failures', () => {
  it('recognises a failed module load in Chromium, Firefox and Safari, and a failed style sheet', () => {
    for (const e of [CHROMIUM, FIREFOX, SAFARI, CSS, new ChunkLoadError('x', true)]) {
      expect(isChunkLoadError(e), e.message).toBe(true);
    }
    const webpack = new Error('Loading chunk 42 failed.\n(error: http://x/42.js)');
    expect(isChunkLoadError(webpack)).toBe(true);
    for (const e of [new TypeError('x is undefined'), new Error('Request failed'), 'Failed to fetch', null, {}]) {
      expect(isChunkLoadError(e)).toBe(false);
    }
  });

  it('passes a loaded module through, records nothing and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const module = { Page: 'page' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
    expect(failure()).toBeNull();
  });

  it('fails a script that has not loaded after 120000 ms, and not a moment before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk(() => new Promise(() => {})).then(
      () => {
        settled = 'loaded';
      },
      (e: unknown) => {
        settled = e;
      },
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    expect(failure()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect((settled as ChunkLoadError).timedOut).toBe(true);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    expect(failure()).toBe('timeout');
  });

  it('hands a failed load to the caller as it was, and records it for the reload offer', async () => {
    await expect(loadChunk(() => Promise.reject(CHROMIUM))).rejects.toBe(CHROMIUM);
    expect(failure()).toBe('newVersion');
  });

  it('does not offer a reload for a module that loaded but threw', async () => {
    const bug = new ReferenceError('widget is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
    expect(chunkLoadFailed(bug)).toBeNull();
    expect(failure()).toBeNull();
  });

  it('keeps the first failure of the page', () => {
    expect(chunkLoadFailed(new ChunkLoadError('slow', true))).toBe('timeout');
    expect(chunkLoadFailed(CHROMIUM)).toBe('timeout');
    expect(failure()).toBe('timeout');
  });
});

describe('reload guard', () => {
  it('marks the reload, so a failure right after it says the reload did not help', () => {
    const reload = vi.fn();
    const now = Date.now();
    reloadForNewVersion(reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(Number(sessionStorage.getItem(RELOAD_MARKER))).toBeGreaterThanOrEqual(now);
    expect(chunkFailureKind(CHROMIUM)).toBe('again');
    expect(chunkFailureKind(new ChunkLoadError('slow', true))).toBe('again');
    expect(chunkLoadFailed(CHROMIUM)).toBe('again');
  });

  it('offers the new version again once the guard time after a reload has passed', () => {
    const at = Date.now();
    sessionStorage.setItem(RELOAD_MARKER, String(at));
    expect(chunkFailureKind(CHROMIUM, at + RELOAD_GUARD_MS - 1)).toBe('again');
    expect(chunkFailureKind(CHROMIUM, at + RELOAD_GUARD_MS)).toBe('newVersion');
    expect(chunkFailureKind(new ChunkLoadError('slow', true), at + RELOAD_GUARD_MS)).toBe('timeout');
  });
});

describe('window events', () => {
  it("records Vite's preload error and an unhandled chunk rejection, without preventing them", () => {
    const uninstall = installChunkFailureHandling(window);
    const preload = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: CSS });
    window.dispatchEvent(preload);
    expect(preload.defaultPrevented).toBe(false);
    expect(failure()).toBe('newVersion');

    resetChunkFailure();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new TypeError('a bug') }));
    expect(failure()).toBeNull();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: FIREFOX }));
    expect(failure()).toBe('newVersion');

    resetChunkFailure();
    uninstall();
    window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: CSS }));
    expect(failure()).toBeNull();
  });
});
