import { createRoot } from 'react-dom/client';
import { changeLanguage, initI18n } from '@/i18n/i18n.ts';
import { isChunkLoadError } from '@/lib/chunkLoad.ts';
import { reactErrorCallbacks } from '@/lib/errorReporter.ts';
import { useUserStore } from '@/stores/user.ts';
import { isSignedIn } from '@/stores/userState.ts';
import { App } from './App.tsx';
import { router } from './router.tsx';
import { startSession } from './shell/useStartup.ts';

export { signIn, signInWithCode } from '@/stores/session.ts';

let texts: Promise<void> | undefined;

/** The app's texts in the stored language, loaded once per page (before a sign-in applies the profile's). */
export const prepare = () => {
  texts ??= initI18n(useUserStore.getState().activeLanguage);
  return texts;
};

/**
 * Renders the app into `root`, replacing what is there; the sign-in page hands over with `to`, the
 * path to show (the router is at the page's first address until told otherwise).
 */
export async function startApp(root: HTMLElement, to?: string, replace = true) {
  // The first reads go out now, while the texts, the shell and the screen load.
  if (isSignedIn()) startSession(to === undefined ? location.pathname : new URL(to, location.origin).pathname);
  await prepare();
  // The sign-in page may have switched language meanwhile; a file that cannot load keeps the one shown.
  await changeLanguage(useUserStore.getState().activeLanguage).catch((error: unknown) => {
    if (!isChunkLoadError(error)) throw error;
  });
  if (to) await router.navigate(to, { replace });
  // The first screen's code loads before the boot frame gives way, so no blank page comes between.
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  // Emptied first: the renderer would otherwise adopt index.html's boot frame or the sign-in
  // page's elements, keeping attributes of theirs that the app's elements do not set.
  root.replaceChildren();
  createRoot(root, reactErrorCallbacks).render(<App />);
}
