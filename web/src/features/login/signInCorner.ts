import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@fieldwatch/core';
import { __iconNode as CircleAlert } from 'lucide-react/dist/esm/icons/circle-alert.js?node';
import { __iconNode as CircleCheck } from 'lucide-react/dist/esm/icons/circle-check.js?node';
import { __iconNode as Info } from 'lucide-react/dist/esm/icons/info.js?node';
import { __iconNode as Languages } from 'lucide-react/dist/esm/icons/languages.js?node';
import { __iconNode as Moon } from 'lucide-react/dist/esm/icons/moon.js?node';
import { __iconNode as Sun } from 'lucide-react/dist/esm/icons/sun.js?node';
import { __iconNode as TriangleAlert } from 'lucide-react/dist/esm/icons/triangle-alert.js?node';
import { __iconNode as X } from 'lucide-react/dist/esm/icons/x.js?node';
import { showLanguage } from '@/i18n/direction.ts';
import { applyTheme } from '@/lib/page.ts';
import { attachToastDisplay, TOAST_LIFETIME_MS, type Toast } from '@/lib/toast.ts';
import { userStore } from '@/stores/userState.ts';
import { h, icon, setAttr } from '@/ui/dom.ts';
import { type LiveTexts, signInTexts } from './signInText.ts';

/**
 * The sign-in page's own language menu, theme switch and toasts, for the page as it first loads,
 * before React: the same markup, names and keys as the app's (app/shell/LanguageMenu.tsx on
 * ui/Menu.tsx, ThemeToggle.tsx, ui/Toaster.tsx), which take over once the app runs.
 */

const labelled = (el: HTMLElement, label: string) => {
  setAttr(el, 'aria-label', label);
  setAttr(el, 'title', label);
};

export function languageMenu(texts: LiveTexts): HTMLElement {
  const trigger = h(
    'button',
    {
      type: 'button',
      class: 'icon-btn',
      'data-testid': 'language-menu',
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
    },
    icon(Languages, 18),
  );
  texts.bind((t) => labelled(trigger, t('shell.language')));
  let menu: HTMLElement | undefined;
  const items = () => [...(menu?.querySelectorAll<HTMLElement>('[role=menuitemcheckbox]') ?? [])];
  const highlight = (item: HTMLElement | undefined) => {
    for (const i of items()) setAttr(i, 'data-highlighted', i === item);
    item?.focus();
  };
  const outside = (e: PointerEvent) => {
    const target = e.target as Node;
    if (!menu?.contains(target) && !trigger.contains(target)) close(false);
  };
  function close(refocus: boolean) {
    menu?.remove();
    menu = undefined;
    setAttr(trigger, 'aria-expanded', 'false');
    document.removeEventListener('pointerdown', outside, true);
    if (refocus) trigger.focus();
  }
  // Signed out, a language is a preference of this browser: shown once its texts are here.
  const choose = (lang: Language) => {
    close(true);
    signInTexts(lang).then(
      () => {
        userStore.getState().setActiveLanguage(lang);
        showLanguage(lang);
      },
      () => {},
    );
  };
  const onKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (e.key in move) highlight(all[((move[e.key] ?? 0) + all.length) % all.length]);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close(false);
    else if ((e.key === 'Enter' || e.key === ' ') && at >= 0) all[at]?.click();
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };
  const open = () => {
    const active = userStore.getState().activeLanguage;
    const list = LANGUAGES.map((lang) =>
      h(
        'div',
        {
          role: 'menuitemcheckbox',
          class: 'menu__item',
          'aria-checked': String(lang === active),
          tabindex: '-1',
          onclick: () => choose(lang),
          onpointermove: (e: Event) => highlight(e.currentTarget as HTMLElement),
        },
        h('span', { lang }, LANGUAGE_NAMES[lang]),
        lang === active && h('span', { class: 'menu__check' }, '✓'),
      ),
    );
    menu = h(
      'div',
      { role: 'menu', class: 'menu', 'aria-label': texts.t('shell.language'), onkeydown: onKey as EventListener },
      h('div', { class: 'menu__label' }, texts.t('shell.language')),
      ...list,
    );
    // Below the button, its end edge aligned with the button's (the corner is at the inline end).
    const box = trigger.getBoundingClientRect();
    Object.assign(menu.style, { position: 'fixed', top: `${box.bottom + 6}px` });
    if (document.documentElement.dir === 'rtl') menu.style.left = `${box.left}px`;
    else menu.style.right = `${document.documentElement.clientWidth - box.right}px`;
    document.body.append(menu);
    setAttr(trigger, 'aria-expanded', 'true');
    document.addEventListener('pointerdown', outside, true);
    highlight(list.find((i) => i.getAttribute('aria-checked') === 'true'));
  };
  trigger.addEventListener('click', () => (menu ? close(true) : open()));
  trigger.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' || menu) return;
    e.preventDefault();
    open();
  });
  return trigger;
}

export function themeToggle(texts: LiveTexts): HTMLElement {
  const button = h('button', { type: 'button', class: 'icon-btn', 'data-testid': 'theme-toggle' });
  const show = () => {
    const mode = userStore.getState().themeMode;
    labelled(
      button,
      `${texts.t('shell.toggleTheme')}: ${texts.t(mode === 'Dark' ? 'shell.themeBright' : 'shell.themeDark')}`,
    );
    button.replaceChildren(icon(mode === 'Dark' ? Sun : Moon, 18));
    applyTheme(mode);
  };
  button.addEventListener('click', () => {
    userStore.getState().toggleTheme();
    show();
  });
  texts.bind(show);
  return button;
}

const TOAST_ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert, danger: CircleAlert };

/** The toast display until the app's takes over; `detach` hands the queue back (lib/toast.ts). */
export function toaster(texts: LiveTexts): { element: HTMLElement; detach: () => void } {
  const element = h('section', { class: 'toaster', 'aria-live': 'polite' });
  const detach = attachToastDisplay((t: Toast) => {
    const close = h('button', { type: 'button', class: 'icon-btn', onclick: () => shown.remove() }, icon(X, 16));
    labelled(close, texts.t('shell.close'));
    const shown = h(
      'div',
      { class: `toast toast--${t.variant}`, role: t.variant === 'danger' ? 'alert' : 'status', 'data-testid': 'toast' },
      icon(TOAST_ICONS[t.variant], 18),
      // A server's English error in an Arabic page reads in its own direction.
      h('span', { class: 'toast__message', dir: 'auto' }, t.message),
      close,
    );
    element.append(shown);
    setTimeout(() => shown.remove(), TOAST_LIFETIME_MS);
  });
  return { element, detach };
}
