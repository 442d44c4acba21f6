import { type Language, safeRedirect, validateBlank } from '@fieldwatch/core';
import { __iconNode as Eye } from 'lucide-react/dist/esm/icons/eye.js?node';
import { __iconNode as EyeOff } from 'lucide-react/dist/esm/icons/eye-off.js?node';
import { __iconNode as LogIn } from 'lucide-react/dist/esm/icons/log-in.js?node';
import { showLanguage } from '@/i18n/direction.ts';
import { isChunkLoadError } from '@/lib/chunkLoad.ts';
import { ApiError } from '@/lib/http.ts';
import { setDocumentTitle } from '@/lib/page.ts';
import { toast } from '@/lib/toast.ts';
import { userStore } from '@/stores/userState.ts';
import { h, icon, setAttr } from '@/ui/dom.ts';
import { codeStep } from './codeStep.ts';
import { accountBrand, isAccountShaped } from './resetApi.ts';
import { languageMenu, themeToggle, toaster } from './signInCorner.ts';
import { field } from './signInField.ts';
import { type LiveTexts, liveTexts, signInTexts } from './signInText.ts';
import './auth.css';
import './login.css';

/**
 * The sign-in card without React: a phone opening the sign-in page downloads this and a few
 * kilobytes of texts, not the app (React, the router, the query cache). The same card serves the
 * app's /login route (LoginRoute.tsx) after a sign-out. What comes after signing in is the host's.
 */
export type SignInHost = {
  /**
   * Signs in and stores the session (stores/session.ts signIn); an account with two-factor sign-in
   * answers the challenge of the second step instead.
   */
  signIn: (username: string, password: string) => Promise<{ challenge: string } | undefined>;
  /** The second step: a code for the challenge (stores/session.ts signInWithCode). */
  signInWithCode: (challenge: string, code: string) => Promise<void>;
  /** Goes to a path of the app (replacing the sign-in page's history entry or not). */
  go: (to: string, replace: boolean) => void;
  /** Called at the first keystroke, so that what comes after signing in is on its way meanwhile. */
  warm?: () => void;
};

/** Texts in the store's language, following its changes until `stop`. */
export async function followLanguage(): Promise<{ texts: LiveTexts; stop: () => void }> {
  let wanted = userStore.getState().activeLanguage;
  const texts = liveTexts(await signInTexts(wanted));
  const follow = (lang: Language) => {
    if (lang === wanted) return;
    wanted = lang;
    // A language whose texts cannot be loaded leaves the card in the one it shows.
    signInTexts(lang).then(
      (t) => wanted === lang && texts.show(t),
      () => {},
    );
  };
  const stop = userStore.subscribe((s) => follow(s.activeLanguage));
  follow(userStore.getState().activeLanguage);
  return { texts, stop };
}

/** The brand above the card's content and, reached through an account URL, that organization's. */
function brand(card: HTMLElement, texts: LiveTexts): HTMLElement {
  const logo = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [k, v] of Object.entries({ width: '40', height: '40', viewBox: '0 0 32 32', 'aria-hidden': 'true' }))
    logo.setAttribute(k, v);
  logo.setAttribute('focusable', 'false');
  // ui/Logo.tsx's mark.
  logo.innerHTML =
    '<rect width="32" height="32" rx="7" fill="var(--accent)"/><path d="M6 20l5-8 5 6 4-5 6 7" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="26" cy="20" r="2.4" fill="var(--status-ok)"/>';
  const ours = h(
    'div',
    { class: 'login__brand' },
    logo,
    h(
      'div',
      {},
      h('div', { class: 'login__name' }, texts.text('app.name')),
      h('div', { class: 'login__tagline' }, texts.text('app.tagline')),
    ),
  );
  const account = new URLSearchParams(location.search).get('account') ?? '';
  if (isAccountShaped(account))
    accountBrand(account).then(
      (b) => {
        if (b.brandColor) card.style.borderBlockStart = `4px solid ${b.brandColor}`;
        const name = document.createTextNode('');
        texts.bind((t) => {
          name.data = t('login.account', { name: b.name });
        });
        ours.after(
          h(
            'div',
            { class: 'login__account', 'data-testid': 'account-brand' },
            b.avatar && h('img', { class: 'login__account-logo', src: b.avatar, alt: '' }),
            h('span', {}, name),
          ),
        );
      },
      () => {},
    );
  return ours;
}

/** Renders the sign-in card into `container`; the returned function removes it. */
export function mountSignIn(container: HTMLElement, host: SignInHost, texts: LiveTexts): () => void {
  const { t } = texts;
  const card = h('main', { class: 'login card' });
  const username = h('input', { name: 'username', autocomplete: 'username' });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password' });
  const reveal = h('button', { type: 'button', class: 'icon-btn' });
  const user = field('signin-username', texts.text('login.username'), username);
  const pass = field('signin-password', texts.text('login.password'), password, reveal);
  const showReveal = () => {
    const shown = password.type === 'text';
    const label = t(shown ? 'login.hidePassword' : 'login.showPassword');
    setAttr(reveal, 'aria-label', label);
    setAttr(reveal, 'title', label);
    reveal.replaceChildren(icon(shown ? EyeOff : Eye, 16));
  };
  reveal.addEventListener('click', () => {
    password.type = password.type === 'text' ? 'password' : 'text';
    showReveal();
  });
  texts.bind(showReveal);

  const submitText = document.createTextNode('');
  const submit = h('button', { type: 'submit', class: 'btn btn--primary btn--block' });
  let busy = false;
  const showBusy = () => {
    submit.disabled = busy;
    submitText.data = t(busy ? 'login.signingIn' : 'login.submit');
    submit.replaceChildren(
      busy ? h('span', { class: 'spinner', role: 'status' }) : icon(LogIn, 16, 'mirror'),
      submitText,
    );
  };
  texts.bind(showBusy);

  // The forgotten-password form takes the card's place in the app (?forgot=1, so a link can open it).
  const forgotParams = new URLSearchParams(location.search);
  forgotParams.set('forgot', '1');
  const forgotTo = `/login?${forgotParams}`;
  const forgot = h('a', { href: forgotTo, class: 'login__forgot' }, texts.text('login.forgot'));
  forgot.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    host.go(forgotTo, false);
  });

  const errorText = (e: unknown) => {
    // The app's code, which signs in, could not load: after a deploy a reload brings the new version.
    if (isChunkLoadError(e)) return t('errors.newVersion.newVersionText');
    if (!(e instanceof ApiError)) return t('errors.generic');
    if (e.status === 417) return t('errors.invalidCredentials');
    if (e.status === 429) return t('errors.tooManyAttempts', { seconds: /\d+/.exec(e.message)?.[0] ?? '30' });
    if (e.status === 0) return t('errors.network', { message: e.message });
    return t('errors.generic');
  };
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const message = (e: ReturnType<typeof validateBlank>) => (e ? t(e.key, e.params) : undefined);
    const userError = message(validateBlank(username.value, t('login.username')));
    const passError = message(validateBlank(password.value, t('login.password')));
    user.setError(userError);
    pass.setError(passError);
    if (userError || passError) return;
    busy = true;
    showBusy();
    try {
      const pending = await host.signIn(username.value.trim(), password.value);
      if (pending) return askForCode(pending.challenge);
      host.go(safeRedirect(new URLSearchParams(location.search).get('redirect')), true);
    } catch (e) {
      busy = false;
      showBusy();
      toast(errorText(e), 'danger');
    }
  };

  const title = h('h1', { class: 'login__title' }, texts.text('login.title'));
  const passwordStep = [
    title,
    h('p', { class: 'login__subtitle' }, texts.text('login.subtitle')),
    h('form', { class: 'login__form', novalidate: true, onsubmit: onSubmit }, user.root, pass.root, forgot, submit),
    h('p', { class: 'login__footer' }, texts.text('login.footer')),
  ];
  card.append(brand(card, texts), ...passwordStep);

  // The password was right and the account has two-factor sign-in: the code step takes the form's place.
  const askForCode = (challenge: string) => {
    const step = codeStep(texts, {
      verify: async (code) => {
        await host.signInWithCode(challenge, code);
        host.go(safeRedirect(new URLSearchParams(location.search).get('redirect')), true);
      },
      back: () => {
        step.element.remove();
        card.append(...passwordStep);
        busy = false;
        showBusy();
        password.value = '';
        password.focus();
      },
      failure: errorText,
    });
    // Taken out rather than hidden: the form's display: grid would outweigh the hidden attribute.
    for (const part of passwordStep) part.remove();
    card.append(step.element);
    step.focus();
  };
  texts.bind((tr) => setDocumentTitle(tr('pages.login')));
  if (host.warm) card.addEventListener('input', host.warm, { once: true });
  container.append(card);
  username.focus();
  return () => card.remove();
}

/**
 * The whole sign-in page as it first loads, with no app running: its frame, language menu, theme
 * switch and toasts. Returns `leave`, to call before the app takes the page.
 */
export async function showSignInPage(root: HTMLElement, host: SignInHost): Promise<() => void> {
  const { texts, stop } = await followLanguage();
  showLanguage(userStore.getState().activeLanguage);
  const frame = h(
    'div',
    { class: 'auth' },
    h('div', { class: 'auth__corner' }, languageMenu(texts), themeToggle(texts)),
  );
  const toasts = toaster(texts);
  root.replaceChildren(frame, toasts.element);
  mountSignIn(frame, host, texts);
  return () => {
    stop();
    toasts.detach();
  };
}
