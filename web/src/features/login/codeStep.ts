import { __iconNode as ArrowLeft } from 'lucide-react/dist/esm/icons/arrow-left.js?node';
import { __iconNode as ShieldCheck } from 'lucide-react/dist/esm/icons/shield-check.js?node';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { h, icon } from '@/ui/dom.ts';
import { field } from './signInField.ts';
import type { LiveTexts } from './signInText.ts';

/**
 * The second sign-in step of an account with two-factor sign-in, in the sign-in card without React
 * (LoginPage.ts): six digits from the authenticator app, or a recovery code. `verify` signs in with
 * the code; `back` returns to the password (the challenge ended: five wrong codes or five minutes).
 */
export function codeStep(
  texts: LiveTexts,
  host: { verify: (code: string) => Promise<void>; back: () => void; failure: (e: unknown) => string },
): { element: HTMLElement; focus: () => void } {
  const { t } = texts;
  let recovery = false;
  const input = h('input', {
    name: 'code',
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    maxlength: 6,
    spellcheck: false,
    'data-testid': 'two-factor-code',
  });
  const label = document.createTextNode('');
  const code = field('signin-code', label, input);
  const text = h('p', { class: 'login__subtitle' });
  const switchText = document.createTextNode('');
  const toggle = h('button', { type: 'button', class: 'btn btn--ghost login__switch' }, switchText);
  const submitText = document.createTextNode('');
  const submit = h('button', { type: 'submit', class: 'btn btn--primary btn--block' });
  let busy = false;
  const show = () => {
    label.data = t(recovery ? 'login.twoFactor.recoveryCode' : 'login.twoFactor.code');
    text.textContent = t(recovery ? 'login.twoFactor.recoveryText' : 'login.twoFactor.text');
    switchText.data = t(recovery ? 'login.twoFactor.useApp' : 'login.twoFactor.useRecovery');
    submit.disabled = busy;
    submitText.data = t(busy ? 'login.twoFactor.verifying' : 'login.twoFactor.submit');
    submit.replaceChildren(busy ? h('span', { class: 'spinner', role: 'status' }) : icon(ShieldCheck, 16), submitText);
  };
  texts.bind(show);
  toggle.addEventListener('click', () => {
    recovery = !recovery;
    // A recovery code is letters and digits ('k7hq2-x9mfd'); the app's code six digits.
    input.inputMode = recovery ? 'text' : 'numeric';
    input.maxLength = recovery ? 32 : 6;
    input.autocomplete = recovery ? 'off' : 'one-time-code';
    input.value = '';
    code.setError(undefined);
    show();
    input.focus();
  });

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const value = input.value.trim();
    const valid = recovery ? /^[0-9A-Za-z -]{6,32}$/.test(value) : /^\d{6}$/.test(value.replace(/\s/g, ''));
    if (!valid) {
      code.setError(t(recovery ? 'login.twoFactor.wrong' : 'login.twoFactor.invalid'));
      input.focus();
      return;
    }
    busy = true;
    show();
    try {
      await host.verify(recovery ? value : value.replace(/\s/g, ''));
    } catch (e) {
      busy = false;
      show();
      if (e instanceof ApiError && e.status === 417) {
        code.setError(t('login.twoFactor.wrong'));
        input.select();
      } else if (e instanceof ApiError && e.status === 410) {
        toast(t('login.twoFactor.expired'), 'warning');
        host.back();
      } else toast(host.failure(e), 'danger');
    }
  };
  const back = h(
    'a',
    { href: '/login', class: 'login__link' },
    icon(ArrowLeft, 16, 'mirror'),
    texts.text('login.twoFactor.back'),
  );
  back.addEventListener('click', (e) => {
    e.preventDefault();
    host.back();
  });
  const element = h(
    'section',
    { class: 'login__step', 'data-testid': 'two-factor-step' },
    h('div', { class: 'login__icon' }, icon(ShieldCheck, 24)),
    h('h1', { class: 'login__title' }, texts.text('login.twoFactor.title')),
    text,
    h('form', { class: 'login__form', novalidate: true, onsubmit: onSubmit }, code.root, submit, toggle),
    back,
  );
  return { element, focus: () => input.focus() };
}
