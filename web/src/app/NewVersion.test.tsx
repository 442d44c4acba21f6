import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '@/i18n/i18n.ts';
import { ChunkLoadError, chunkLoadFailed, RELOAD_MARKER, resetChunkFailure } from '@/lib/chunkLoad.ts';
import { NewVersionPrompt, NewVersionScreen, PROMPT_DELAY_MS } from './NewVersion.tsx';

const GONE = new TypeError('Failed to fetch dynamically imported module: http://x/assets/TaskPage-Ab12Cd34.js');
const reload = vi.fn();

beforeAll(() => initI18n('en'));
beforeEach(() => {
  resetChunkFailure();
  sessionStorage.clear();
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the reload offer', () => {
  it("replaces a screen whose code is gone, and its button reloads with the loop guard's marker", () => {
    render(<NewVersionScreen error={GONE} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A new version of Fieldwatch is available');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(RELOAD_MARKER)).not.toBeNull();
  });

  it('says the reload did not help when the code fails again right after one, and offers to try again', () => {
    sessionStorage.setItem(RELOAD_MARKER, String(Date.now()));
    render(<NewVersionScreen error={GONE} />);
    expect(screen.getByRole('alert').textContent).toContain('This page still cannot be loaded');
    screen.getByRole('button', { name: 'Retry' });
  });

  it('says what a time-out is, in the language of the page', async () => {
    await act(() => changeLanguage('de'));
    render(<NewVersionScreen error={new ChunkLoadError('slow', true)} />);
    expect(screen.getByRole('alert').textContent).toContain('Ein Teil von Fieldwatch wurde nicht geladen');
    screen.getByRole('button', { name: 'Neu laden' });
    await act(() => changeLanguage('en'));
  });

  it('shows a prompt over the page for a widget, menu or translation, unless a screen offers it', () => {
    render(<NewVersionPrompt />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      chunkLoadFailed(GONE);
    });
    // A route's own screen gets a moment to appear first.
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(PROMPT_DELAY_MS));
    expect(screen.getByRole('alert').textContent).toContain('A new version of Fieldwatch is available');

    // A full-page screen appears: one offer at a time.
    const page = render(<NewVersionScreen error={GONE} />);
    // The screen's effect tells the prompt, which renders again on the next flush.
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => page.unmount());
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no prompt for an error that is not a chunk failure', () => {
    render(<NewVersionPrompt />);
    act(() => {
      chunkLoadFailed(new Error('Request failed'));
      vi.advanceTimersByTime(PROMPT_DELAY_MS);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
