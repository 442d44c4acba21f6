import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_TABS } from '../../web/src/features/admin/tabs/adminTabs.ts';
import { ACCOUNT_URL, all, KINDS, PAYLOADS, type Seeded, text } from './xssSeed.ts';

// The stored-XSS test's screens (e2e/web-attacks.test.ts): where each stored text must show, and
// what would show that a payload got in as markup or ran.
/** What would show that a payload got into the page as markup, or ran. */
export async function breaches(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const name of el.getAttributeNames()) {
        const value = el.getAttribute(name) ?? '';
        if (name.startsWith('on') && value.includes('__xss')) found.push(`<${el.localName} ${name}>`);
        if (/^\s*javascript:/i.test(value) && ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name))
          found.push(`<${el.localName} ${name}="${value}">`);
      }
    }
    for (const s of Array.from(document.querySelectorAll('script')))
      if (s.textContent?.includes('__xss')) found.push('<script>');
    for (const img of Array.from(document.querySelectorAll('img')))
      if (img.getAttribute('src') === 'x') found.push('<img src=x>');
    const w = window as unknown as { __xss?: unknown; __violations?: string[] };
    if (w.__xss !== undefined) found.push(`window.__xss = ${String(w.__xss)}`);
    for (const v of w.__violations ?? []) found.push(`CSP: ${v}`);
    return found;
  });
}

/**
 * Everything of the page a person can read: its text, the values in its form fields, and the
 * titles and labels of its elements (a session's user agent shows as a title, for one).
 */
export const pageText = (page: Page) =>
  page.evaluate(() => {
    const parts = [document.title, document.body.textContent ?? ''];
    for (const el of Array.from(document.querySelectorAll('input, textarea')))
      parts.push((el as HTMLInputElement | HTMLTextAreaElement).value);
    for (const el of Array.from(document.querySelectorAll('[title], [aria-label], [alt]')))
      for (const a of ['title', 'aria-label', 'alt']) parts.push(el.getAttribute(a) ?? '');
    return parts.join('\n');
  });

/** The texts of `expected` the page does not show (yet). */
export const missing = async (page: Page, expected: string[]) => {
  const shown = await pageText(page);
  return expected.filter((t) => !shown.includes(t));
};

const FIELDS = [
  'unit',
  'place',
  'dash',
  'widget',
  'task',
  'taskplace',
  'note',
  'file',
  'marker',
  'comment',
  'org',
  'group',
  'loc',
  'person',
  'key',
  'me',
  'title',
  'agent',
];
export const EVERY_TEXT = FIELDS.flatMap(all);

export type Screen = {
  name: string;
  path: (s: Seeded) => string;
  /** Clicks that open what shows the texts (a menu, a panel). */
  open?: (page: Page) => Promise<void>;
  /** The texts the screen shows; each must appear literally. */
  shows: string[];
};

/** What the administration shows of each tab, beside the organization picker (every organization's name). */
const ADMIN_SHOWS: Partial<Record<(typeof ADMIN_TABS)[number], string[]>> = {
  users: [...all('person'), text('me', 'img')],
  userManagement: [...all('person'), text('me', 'img')],
  dashboardOwnership: [...all('dash'), text('me', 'img')],
  security: [text('me', 'img'), text('agent', 'svg')],
  api: all('key'),
  // The audit trail repeats the names and values each change wrote, most of the stored texts.
  audit: [...all('unit'), ...all('person'), ...all('key'), ...all('group')],
};

export const SCREENS: Screen[] = [
  {
    name: 'a dashboard (its name and widget names)',
    path: (s) => `/dashboard/${s.dashboard}`,
    shows: [text('dash', 'img'), ...all('widget')],
  },
  {
    name: 'the dashboard switcher',
    path: (s) => `/dashboard/${s.dashboard}`,
    open: (page) => page.locator('.dashboard__switcher').click(),
    shows: all('dash'),
  },
  { name: 'the units dashboard', path: (s) => `/dashboard/${s.builtins.units}`, shows: all('unit') },
  { name: 'the alarm list dashboard', path: (s) => `/dashboard/${s.builtins.alarms}`, shows: all('unit') },
  {
    name: 'the organisation switcher',
    path: (s) => `/dashboard/${s.dashboard}`,
    open: (page) => page.getByTestId('organization-switcher').click(),
    shows: all('org'),
  },
  { name: 'device management', path: () => '/devicemanagement', shows: [...all('unit'), ...all('place')] },
  {
    name: 'a unit in device management',
    path: (s) => `/devicemanagement?unit=${s.units[0]}&tab=deviceInfo`,
    shows: [...all('unit'), text('place', 'img')],
  },
  {
    name: 'a unit’s location in device management',
    path: (s) => `/devicemanagement?unit=${s.units[1]}&tab=location`,
    shows: [...all('unit'), text('place', 'script')],
  },
  {
    name: 'group management',
    path: () => '/groupmanagement',
    shows: [...all('unit'), ...all('place'), ...all('group'), ...all('loc')],
  },
  {
    name: 'location management',
    path: () => '/locationmanagement',
    shows: [...all('unit'), ...all('place'), ...all('loc')],
  },
  { name: 'task management', path: () => '/taskmanagement', shows: [...all('task'), text('unit', 'script')] },
  ...KINDS.map((kind, i) => ({
    name: `a task (${kind}): its place, note, file and the people to assign`,
    path: (s: Seeded) => `/taskmanagement?task=${s.tasks[i]}`,
    shows: [...all('task'), text('taskplace', kind), text('note', kind), text('file', kind), ...all('person')],
  })),
  { name: 'notifications', path: () => '/notifications', shows: [text('unit', 'script')] },
  {
    name: 'radar (markers and their comments)',
    path: (s) => `/radar/${s.leakUnit}?channel=${s.leakChannel}`,
    shows: [text('unit', 'img'), ...all('marker'), ...all('comment')],
  },
  ...ADMIN_TABS.map((tab) => ({
    name: `administration: ${tab}`,
    path: (s: Seeded) => `/admin?tab=${tab}&org=${s.orgId}`,
    shows: [...all('org'), ...(ADMIN_SHOWS[tab] ?? [])],
  })),
  {
    name: 'administration of a payload organisation',
    path: (s) => `/admin?tab=general&org=${s.childOrgs[1]}`,
    shows: all('org'),
  },
  { name: 'profile', path: () => '/profile?tab=personal', shows: [text('me', 'img'), text('title', 'script')] },
  { name: 'profile: sessions', path: () => '/profile?tab=sessions', shows: [text('agent', 'svg')] },
];

/** Screens of a visitor who is not signed in. */
export const SIGNED_OUT: Screen[] = [
  { name: 'the sign-in page of an account URL', path: () => `/a/${ACCOUNT_URL}`, shows: [text('org', 'img')] },
];

/** Screens after a fresh sign-in (the shell shows the profile as the sign-in answered it). */
export const SIGNED_IN_AGAIN: Screen[] = [
  {
    name: 'the account menu',
    path: (s) => `/dashboard/${s.dashboard}`,
    open: (page) => page.getByTestId('account-menu').click(),
    shows: [text('me', 'img')],
  },
];

/** A payload in the address itself, which the not-found page repeats. */
export const REFLECTED = `/nothing/${encodeURIComponent(PAYLOADS.img)}`;

/** Records inline-script violations of the page's policy (a payload that got in as markup). */
export async function watch(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.effectiveDirective.startsWith('script-src')) w.__violations.push(`${e.effectiveDirective} ${e.sample}`);
    });
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}
