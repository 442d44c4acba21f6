import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { okPipeUnit } from './support/alarm.ts';
import { signIn, useApp, waitForOverview } from './support/app.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Stored XSS: script-bearing texts stored through the real API in every text a user can
// edit, then every screen that shows them visited in Chromium. Each text must show literally, and
// nothing may run: no element the payload would make, no inline-script violation of the page's
// policy (which would mean markup got in and only the policy stopped it), no dialog, no window.__xss.
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
const app = useApp(() => ({ WEATHER_URL: weather.url }));

/** What an attacker stores: markup with handlers, a script element, an attribute break-out, a script URL. */
const PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=2</script>',
  svg: '"><svg onload=window.__xss=3>',
  url: 'javascript:window.__xss=4',
} as const;
type Kind = keyof typeof PAYLOADS;
const KINDS = Object.keys(PAYLOADS) as Kind[];
/** The stored text of a field and payload, labelled so a screen's text tells which field it shows. */
const text = (field: string, kind: Kind) => `${field}-${kind} ${PAYLOADS[kind]}`;
/** Every text the seed stored, to prove each is shown (and checked) on some screen. */
const stored = new Set<string>();
const store = (field: string, kind: Kind) => {
  stored.add(text(field, kind));
  return text(field, kind);
};
const all = (field: string) => KINDS.map((k) => text(field, k));

const LEAK_SERIAL = 'X3S-D00002';
const ACCOUNT_URL = 'xss-brand';

type Seeded = {
  orgId: number;
  units: number[];
  leakUnit: number;
  leakChannel: number;
  alarmUnit: number;
  dashboard: string;
  /** Ids of the built-in dashboards by their key (units, alarms, telemetry, map, …). */
  builtins: Record<string, string>;
  tasks: string[];
  childOrgs: number[];
};

/** A JSON call with the page's session (same origin, as the web app makes it); throws unless 2xx. */
async function call<T = unknown>(page: Page, method: string, url: string, body?: unknown, type = 'application/json') {
  const res = await page.evaluate(
    async ([m, u, b, t]) => {
      const r = await fetch(u, {
        method: m,
        headers: b === undefined ? {} : { 'content-type': t },
        body: b === undefined ? undefined : t === 'application/json' ? JSON.stringify(b) : String(b),
      });
      return { status: r.status, text: await r.text() };
    },
    [method, url, body, type] as const,
  );
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return (res.text ? JSON.parse(res.text) : null) as T;
}

/** Stores every payload in every user-editable text, as `manager` (SuperUser of Nordic Heat Utilities). */
async function seed(page: Page): Promise<Seeded> {
  const session = await call<{ currentOrganization: { id: number } }>(page, 'GET', '/api/v3/user/session');
  const orgId = session.currentOrganization.id;
  const devices = (await call<{ result: { id: number; serial: string }[] }>(page, 'GET', '/api/v2/device/devices'))
    .result;
  const alarm = await okPipeUnit(page, app.server);
  const leakUnit = devices.find((d) => d.serial === LEAK_SERIAL)?.id ?? 0;
  const others = devices.map((d) => d.id).filter((id) => id !== leakUnit && id !== alarm.unit.id);
  const units = [leakUnit, alarm.unit.id, ...others.slice(0, 2)];
  // Unit names and locations (the alarm's unit carries its name into the event, notification and task).
  for (const [i, id] of units.entries()) {
    const kind = KINDS[i] as Kind;
    await call(page, 'POST', '/api/v1/xrequest/EditUnitInfo', {
      UnitID: id,
      UnitName: store('unit', kind),
      UnitLocation: store('place', kind),
    });
  }
  // Dashboards, and the widgets of one of them (a copy of the overview with its widgets renamed).
  const dashboards = [];
  for (const kind of KINDS)
    dashboards.push(await call<{ id: string }>(page, 'POST', '/api/v3/user/dashboard', { name: store('dash', kind) }));
  const list = await call<{ id: string; content: { static?: string; widgets: Record<string, { name: string }> } }[]>(
    page,
    'GET',
    '/api/v3/user/dashboard',
  );
  const builtins = Object.fromEntries(
    list.filter((d) => d.content?.static).map((d) => [d.content.static as string, d.id]),
  );
  const overview = list.find((d) => d.content?.static === 'overview');
  if (!overview) throw new Error('no overview dashboard');
  const content = structuredClone(overview.content) as {
    static?: string;
    name: string;
    widgets: Record<string, { name: string }>;
  };
  delete content.static;
  content.name = store('dash', 'img');
  for (const [i, key] of Object.keys(content.widgets).slice(0, KINDS.length).entries())
    (content.widgets[key] as { name: string }).name = store('widget', KINDS[i] as Kind);
  const dashboard = (dashboards[0] as { id: string }).id;
  await call(page, 'PUT', `/api/v3/user/dashboard/${dashboard}`, content);
  // Tasks: title, location, a note and an attached file's name.
  const tasks: string[] = [];
  for (const kind of KINDS) {
    const task = await call<{ id: string }>(page, 'POST', '/api/v3/tasks', {
      organizationId: orgId,
      title: store('task', kind),
      location: store('taskplace', kind),
    });
    tasks.push(task.id);
    await call(page, 'PUT', `/api/v3/tasks/${task.id}`, { note: store('note', kind) });
    await call(
      page,
      'POST',
      `/api/v3/tasks/${task.id}/files?name=${encodeURIComponent(store('file', kind))}&type=text/plain`,
      'a file',
      'application/octet-stream',
    );
  }
  // Radar markers of the leaking unit: names and comments.
  const leakChannel = 1;
  for (const [i, kind] of KINDS.entries())
    await call(page, 'POST', `/api/v2/device/legacy/devices/${leakUnit}/channel/${leakChannel}/markers`, {
      name: store('marker', kind),
      position: 100 + i * 50,
      comments: store('comment', kind),
    });
  // Organizations below the manager's, groups and locations, users, API keys.
  const childOrgs: number[] = [];
  for (const kind of KINDS) {
    const made = await call<{ id: number }>(page, 'POST', '/api/v1/admin/organization/add', {
      parentOrganizationId: orgId,
      organizationName: store('org', kind),
    });
    childOrgs.push(made.id);
    await call(page, 'POST', '/api/v3/containers', { type: 'groups', organization: orgId, name: store('group', kind) });
    await call(page, 'POST', '/api/v3/containers', {
      type: 'locations',
      organization: orgId,
      name: store('loc', kind),
    });
    await call(page, 'POST', '/api/v1/admin/addUser', {
      username: `xss-${kind}`,
      name: store('person', kind),
      organizationId: orgId,
      roleId: 1,
    });
    await call(page, 'POST', '/api/v3/user/apiKeys', {
      name: store('key', kind),
      scopes: ['read'],
      currentPassword: DEMO_PASSWORD,
    });
  }
  // The manager's own profile texts.
  await call(page, 'PUT', '/api/v3/user/profile', {
    name: store('me', 'img'),
    title: store('title', 'script'),
  });
  // The sign-in page of an organization's account URL shows its name.
  const settingsUrl = `/api/v1/admin/organization/${childOrgs[0]}/settings`;
  const settings = await call<Record<string, unknown>>(page, 'GET', settingsUrl);
  await call(page, 'PUT', settingsUrl, { ...settings, accountUrl: ACCOUNT_URL });
  // An alarm of the renamed unit: an event, a notification and an alarm task that carry its name.
  await alarm.reportWetInsulation();
  return { orgId, units, leakUnit, leakChannel, alarmUnit: alarm.unit.id, dashboard, builtins, tasks, childOrgs };
}

/** What would show that a payload got into the page as markup, or ran. */
async function breaches(page: Page) {
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
const pageText = (page: Page) =>
  page.evaluate(() => {
    const parts = [document.title, document.body.textContent ?? ''];
    for (const el of Array.from(document.querySelectorAll('input, textarea')))
      parts.push((el as HTMLInputElement | HTMLTextAreaElement).value);
    for (const el of Array.from(document.querySelectorAll('[title], [aria-label], [alt]')))
      for (const a of ['title', 'aria-label', 'alt']) parts.push(el.getAttribute(a) ?? '');
    return parts.join('\n');
  });

/** The texts of `expected` the page does not show (yet). */
const missing = async (page: Page, expected: string[]) => {
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
const EVERY_TEXT = FIELDS.flatMap(all);

type Screen = {
  name: string;
  path: (s: Seeded) => string;
  /** Clicks that open what shows the texts (a menu, a panel). */
  open?: (page: Page) => Promise<void>;
  /** The texts the screen shows; each must appear literally. */
  shows: string[];
};

const ADMIN_TABS = [
  'general',
  'customization',
  'users',
  'accounts',
  'userManagement',
  'dashboardOwnership',
  'workspaceOwnership',
  'security',
  'api',
  'usage',
  'permissions',
] as const;
/** What the administration shows of each tab, beside the organization picker (every organization's name). */
const ADMIN_SHOWS: Partial<Record<(typeof ADMIN_TABS)[number], string[]>> = {
  users: [...all('person'), text('me', 'img')],
  userManagement: [...all('person'), text('me', 'img')],
  dashboardOwnership: [...all('dash'), text('me', 'img')],
  security: [text('me', 'img'), text('agent', 'svg')],
  api: all('key'),
};

const SCREENS: Screen[] = [
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
const SIGNED_OUT: Screen[] = [
  { name: 'the sign-in page of an account URL', path: () => `/a/${ACCOUNT_URL}`, shows: [text('org', 'img')] },
];

/** Screens after a fresh sign-in (the shell shows the profile as the sign-in answered it). */
const SIGNED_IN_AGAIN: Screen[] = [
  {
    name: 'the account menu',
    path: (s) => `/dashboard/${s.dashboard}`,
    open: (page) => page.getByTestId('account-menu').click(),
    shows: [text('me', 'img')],
  },
];

/** A payload in the address itself, which the not-found page repeats. */
const REFLECTED = `/nothing/${encodeURIComponent(PAYLOADS.img)}`;

/** Records inline-script violations of the page's policy (a payload that got in as markup). */
async function watch(context: BrowserContext, page: Page) {
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

/** Opens a screen, waits until it shows every text it should, and finds nothing that ran or got in. */
async function check(page: Page, screen: Screen, seeded: Seeded) {
  await page.goto(`${app.url}${screen.path(seeded)}`);
  await page.locator('#page-title, h1').first().waitFor();
  await screen.open?.(page);
  if (process.env.XSS_SURVEY === '1') {
    await page.waitForLoadState('networkidle');
    const shown = await pageText(page);
    console.log(`${screen.name}: ${JSON.stringify(EVERY_TEXT.filter((t) => shown.includes(t)))}`);
  } else {
    await expect.poll(() => missing(page, screen.shows)).toEqual([]);
  }
  expect(await breaches(page), screen.name).toEqual([]);
  return screen.shows.length;
}

describe('stored XSS', () => {
  let seeded: Seeded | undefined;
  /** The texts some screen was required to show. */
  const required = new Set<string>();

  // 31 screens, each waited on until it shows its texts: more than a minute on a busy machine.
  it('renders every stored payload as text on every screen that shows it, and runs none', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await app.open();
    const dialogs = await watch(context, page);
    await signIn(page, app.url, 'manager');
    await waitForOverview(page);
    seeded = await seed(page);
    // A sign-in whose browser names itself with a payload: the session lists show the user agent.
    const other = await app.browser.newContext({ userAgent: store('agent', 'svg') });
    const login = await other.request.post(`${app.url}/api/v2/auth/login`, {
      data: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await other.close();

    let checks = 0;
    for (const screen of SCREENS) {
      checks += await check(page, screen, seeded);
      for (const t of screen.shows) required.add(t);
    }
    // A payload in the address: the not-found page names the path it did not find.
    await page.goto(`${app.url}${REFLECTED}`);
    await page.locator('#page-title, h1').first().waitFor();
    expect(await breaches(page), 'not-found page').toEqual([]);
    expect(dialogs).toEqual([]);
    console.info(
      `stored XSS: ${KINDS.length} payloads, ${stored.size} stored texts, ${SCREENS.length} signed-in screens, ${checks} text checks`,
    );
  });

  it('renders them as text signed out (an account URL’s sign-in page) and in a fresh session’s shell', async () => {
    if (!seeded) throw new Error('the payloads were not stored (first test)');
    const { page, context } = await app.open();
    const dialogs = await watch(context, page);
    for (const screen of SIGNED_OUT) {
      await check(page, screen, seeded);
      for (const t of screen.shows) required.add(t);
    }
    await signIn(page, app.url, 'manager');
    for (const screen of SIGNED_IN_AGAIN) {
      await check(page, screen, seeded);
      for (const t of screen.shows) required.add(t);
    }
    expect(dialogs).toEqual([]);
  });

  it('showed every stored text on some screen, literally', () => {
    expect(stored.size).toBeGreaterThanOrEqual(60);
    expect([...stored].filter((t) => !required.has(t))).toEqual([]);
    console.info(`stored XSS: ${stored.size} stored texts, each shown literally on at least one screen`);
  });
});
