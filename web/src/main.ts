import { guardNavigation } from '@fieldwatch/core';
import { loadLocale } from './i18n/locales.ts';
import { installChunkFailureHandling } from './lib/chunkLoad.ts';
import { loadClientConfig } from './lib/clientConfig.ts';
import { installErrorReporter } from './lib/errorReporter.ts';
import { applyTheme } from './lib/page.ts';
import { isSignedIn, userStore } from './stores/userState.ts';
import './ui/tokens.css';
import './ui/base.css';
import './ui/controls.css';
import './ui/surfaces.css';
import './ui/menu.css';
import './ui/feedback.css';
import './ui/dialog.css';
import './ui/skeleton.css';
import './ui/chips.css';
import './ui/content.css';

// First, so that errors of the start are reported too (once the client config says reporting is on).
installErrorReporter(loadClientConfig().then((c) => c.errorReporting));
// A lazy part of the app that cannot be loaded (a deploy replaced it) offers a reload.
installChunkFailureHandling();
applyTheme(userStore.getState().themeMode);

const root = document.getElementById('root') as HTMLElement;
const loadApp = () => import('./app/start.tsx');

/**
 * Where a signed-out visit lands on the sign-in page, as the router's guard would send it (core's
 * guardNavigation); null for signed-in users and the app's public pages (reset, NFC, forgotten
 * password), which the app itself shows.
 */
function signInAddress(): string | null {
  const { pathname, search } = location;
  if (isSignedIn() || pathname === '/reset-password' || pathname.startsWith('/nfc/')) return null;
  if (pathname === '/login') return new URLSearchParams(search).get('forgot') === '1' ? null : pathname + search;
  return guardNavigation(pathname.startsWith('/dashboard/') ? 'dashboard' : 'root', pathname + search, false);
}

let leaveSignIn = () => {};
async function startApp(to?: string, replace?: boolean) {
  const app = await loadApp();
  leaveSignIn();
  await app.startApp(root, to, replace);
}

// The sign-in page needs none of the app: it paints from a few kilobytes, and the app loads while
// the user types (LoginPage.ts).
const signIn = signInAddress();
if (signIn === null) {
  // The app's texts are fetched beside its code, not after it (i18n.ts takes the same load).
  loadLocale(userStore.getState().activeLanguage).catch(() => {});
  void startApp();
} else {
  if (signIn !== location.pathname + location.search) history.replaceState(null, '', signIn);
  import('./features/login/LoginPage.ts')
    .then((page) =>
      page.showSignInPage(root, {
        signIn: async (username, password) => {
          const app = await loadApp();
          await app.prepare();
          return app.signIn(username, password);
        },
        signInWithCode: async (challenge, code) => {
          const app = await loadApp();
          await app.signInWithCode(challenge, code);
        },
        go: (to, replace) => void startApp(to, replace),
        // A failure here shows when the form is sent (LoginPage.ts says a new version is waiting).
        warm: () =>
          void loadApp().then(
            (app) => app.prepare(),
            () => {},
          ),
      }),
    )
    .then(
      (leave) => {
        leaveSignIn = leave;
      },
      // Its file gone (a deploy): the app's own /login route then offers the new version.
      () => startApp(),
    );
}
