import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, signIn, toasts, unitIdOf, useApp, waitForOrganization, waitForOverview } from './support/app.ts';
import { DEMO_PASSWORD } from './support/server.ts';

const app = useApp();

const htmlAttr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The rail's first dashboard entry is the overview (its href is the overview's id once loaded). */
const overviewLink = (page: Page) => page.locator('nav.rail a[href^="/dashboard/"]').first();
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** Waits for <html data-theme> and for the body's background to stop moving (no fixed sleep). */
async function settledTheme(page: Page, theme: 'dark' | 'bright') {
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  let last = '';
  await expect
    .poll(async () => {
      const now = await bodyBackground(page);
      const stable = now === last;
      last = now;
      return stable;
    })
    .toBe(true);
  return last;
}

describe('theme (presentation)', () => {
  it('starts dark, switches to bright with a different page colour, and keeps it across reload and sign-in', async () => {
    const { page } = await app.open();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const dark = await settledTheme(page, 'dark');

    await page.getByTestId('theme-toggle').click();
    const bright = await settledTheme(page, 'bright');
    expect(bright).not.toBe(dark);

    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await settledTheme(page, 'bright')).toBe(bright);

    // Theme is a preference of the device: signing in keeps it, and the shell's toggle switches back.
    await signIn(page, app.url, 'operator');
    expect(await settledTheme(page, 'bright')).toBe(bright);
    await page.getByTestId('theme-toggle').click();
    expect(await settledTheme(page, 'dark')).toBe(dark);
    await page.reload();
    await waitForOrganization(page);
    expect(await settledTheme(page, 'dark')).toBe(dark);
  });
});

describe('language', () => {
  it('switches the signed-in shell to Arabic: right-to-left, rail on the right, Arabic text', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    expect(await htmlAttr(page, 'lang')).toBe('en');
    expect(await htmlAttr(page, 'dir')).toBe('ltr');
    await expect(overviewLink(page).textContent()).resolves.toBe('Overview');
    const ltrBox = await page.locator('nav.rail').boundingBox();
    expect(ltrBox && ltrBox.x + ltrBox.width / 2).toBeLessThan(DESKTOP.width / 2);

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await htmlAttr(page, 'lang')).toBe('ar');

    await expect.poll(() => overviewLink(page).textContent()).toMatch(ARABIC_SCRIPT);
    const rtlBox = await page.locator('nav.rail').boundingBox();
    expect(rtlBox?.x).toBeGreaterThan(DESKTOP.width / 2);
    const railText = (await page.locator('nav.rail').textContent()) ?? '';
    expect(railText).toMatch(ARABIC_SCRIPT);
    for (const english of ['Overview', 'Units', 'Devices', 'Log out']) expect(railText).not.toContain(english);

    // The choice is kept across a reload.
    await page.reload();
    await waitForOrganization(page);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await expect.poll(() => overviewLink(page).textContent()).toMatch(ARABIC_SCRIPT);
  });

  it.each([
    ['viewer', 'sv', false],
    ['parking', 'da', true],
  ])('signing in as %s applies the profile language %s over the one chosen before', async (user, lang, parking) => {
    const { page } = await app.open();
    await page.goto(`${app.url}/login`);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');

    await page.getByRole('textbox').first().fill(user);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await waitForOverview(page);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    expect(await htmlAttr(page, 'dir')).toBe('ltr');
    await expect.poll(() => overviewLink(page).textContent()).not.toMatch(ARABIC_SCRIPT);
    const overview = (await overviewLink(page).textContent()) ?? '';
    expect(overview).not.toBe('Overview');
    expect(overview.trim()).not.toBe('');
    // Parking appears only with a parking customer in view.
    // Five built-in entries, a sixth (parking) only with a parking customer.
    await expect(page.locator('nav.rail a[href^="/dashboard/"]').count()).resolves.toBe(parking ? 6 : 5);

    // The language menu marks the profile language as the active one.
    await page.getByTestId('language-menu').click();
    const checked = page.locator('[role="menuitemcheckbox"][aria-checked="true"]');
    await expect(checked.locator('span[lang]').getAttribute('lang')).resolves.toBe(lang);
  });
});

// Dates follow the profile on every screen (day first, 12-hour clock, Seoul time). The expected
// texts are worked out here from each element's machine-readable moment, with no Intl: Seoul is
// UTC+9 all year.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Every way a moment may read in Seoul time, day first, 12-hour clock; `full` is the tooltip of shorter ones. */
function seoulForms(iso: string) {
  const s = new Date(Date.parse(iso) + 9 * 3600_000);
  const day = `${pad(s.getUTCDate())} ${MONTHS[s.getUTCMonth()]}`;
  const date = `${day} ${s.getUTCFullYear()}`;
  const h = s.getUTCHours();
  const clock = `${pad(h % 12 || 12)}:${pad(s.getUTCMinutes())}`;
  const period = h < 12 ? 'AM' : 'PM';
  const time = `${clock} ${period}`;
  const seconds = `${clock}:${pad(s.getUTCSeconds())} ${period}`;
  const full = `${date} ${time}`;
  return { full, all: [full, `${date} ${seconds}`, date, time, seconds, `${day} ${time}`, `${day} ${seconds}`, day] };
}

/** A text that shows no date or time of day itself ("5 min ago", "Updated 3 days ago"). */
const isRelative = (text: string) => !/\d:\d\d/.test(text) && !MONTHS.some((m) => text.includes(m));

/**
 * Checks every <time> in `scope` (at least one): its text is the moment in one of the profile's
 * forms, or a relative text whose tooltip is the full date and time. Returns how many it checked.
 */
async function expectProfileTimes(page: Page, scope: string) {
  const times = page.locator(`${scope} time[datetime]`);
  await times.first().waitFor();
  const found = await times.evaluateAll((els) =>
    els.map((e) => ({
      iso: e.getAttribute('datetime') ?? '',
      text: e.textContent ?? '',
      title: e.getAttribute('title'),
    })),
  );
  for (const t of found) {
    const forms = seoulForms(t.iso);
    const what = `${scope}: "${t.text}" for ${t.iso}`;
    if (forms.all.includes(t.text)) {
      if (t.title !== null) expect(t.title, what).toBe(forms.full);
    } else {
      expect(isRelative(t.text), `${what} is neither a profile form nor relative`).toBe(true);
      expect(t.title, what).toBe(forms.full);
    }
  }
  return found.length;
}

describe('dates and times in the profile preferences (timeConfig)', () => {
  it('shows every date day first, on a 12-hour clock, in Seoul time: dashboards, radar, notifications, tasks, devices, administration', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager', { to: '/profile?tab=preferences' });
    await page.getByLabel('Time zone').selectOption('GMT +09:00 Seoul');
    await page.getByRole('radio', { name: '12-hour' }).check();
    await page.getByRole('radio', { name: /^Day first/ }).check();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await toasts(page).filter({ hasText: 'Preferences saved' }).waitFor();

    // The overview's alarms widget ("… since <date>") and the alarm list dashboard's list.
    await page.goto(`${app.url}/dashboard/default`);
    await waitForOverview(page);
    await expectProfileTimes(page, '[data-widget-type=alarms] .kpi__caption');
    await page.goto(`${app.url}/dashboard/alarms`);
    const list = '[data-widget-type=alarmList]';
    await page.locator(`${list} tbody time`).first().waitFor();
    await expectProfileTimes(page, `${list} tbody`);
    await expectProfileTimes(page, `${list} .wlist__bar-note`);
    await expectProfileTimes(page, `${list} .wlist__foot`);

    // The radar view: its curve dates (UTC 'YYYY-MM-DD HH:mm:ss' keys) as the profile reads them.
    const radar = await unitIdOf(page, 'X3S-D00002');
    await page.goto(`${app.url}/radar/${radar}`);
    // The curves' own options: while the dates load, the one option says so and has no value.
    const options = page.getByLabel(/^Curve \(/).locator('option:not([value=""])');
    await options.first().waitFor({ state: 'attached' });
    const curves = await options.evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(curves.length).toBeGreaterThan(0);
    for (const [key, label] of curves) expect(label).toBe(seoulForms(`${(key ?? '').replace(' ', 'T')}Z`).full);

    // The notification centre.
    await page.goto(`${app.url}/notifications`);
    await expectProfileTimes(page, '.notif');

    // A task: the list and the task's own view (created, linked events, log).
    await page.goto(`${app.url}/taskmanagement`);
    await expectProfileTimes(page, '.task-row');
    await page.locator('.task-row').first().click();
    await page.locator('.task-view').waitFor();
    await expectProfileTimes(page, '.task-view');

    // Device management: the table's last reports and a unit's own page.
    await page.goto(`${app.url}/devicemanagement`);
    await expectProfileTimes(page, '.device-table');
    await page.goto(`${app.url}/devicemanagement?unit=${radar}&tab=firmware`);
    await expectProfileTimes(page, '.device-detail');
    const reported = (await page.locator('.device-detail time[datetime]').first().getAttribute('datetime')) ?? '';
    await expect(page.locator('.device-detail__meta').textContent()).resolves.toContain(seoulForms(reported).full);

    // Administration: the users' last sign-ins (the manager's own is there).
    await page.goto(`${app.url}/admin?tab=users`);
    await expectProfileTimes(page, '[role=tabpanel]');
  });
});

describe('the top bar language choice', () => {
  it('is saved to the profile: the next sign-in, in a fresh browser, starts in it; the sign-in page keeps it', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'gis');
    await page.waitForFunction(() => document.documentElement.lang === 'da');

    // On the notification centre, so that switching also reads the server's texts again.
    await page.goto(`${app.url}/notifications`);
    await page.getByRole('heading', { name: 'Notifikationer', level: 1 }).waitFor();
    // The list is read again once the profile has the language (the server words it in that one).
    let languageSaved = false;
    const saved = page.waitForResponse((r) => {
      const ours = r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/v3/user/profile/language';
      if (ours) languageSaved = true;
      return ours;
    });
    const reread = page.waitForRequest(
      (r) => languageSaved && r.method() === 'GET' && new URL(r.url()).pathname === '/api/v3/notifications',
    );
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'Deutsch' }).click();
    expect((await saved).ok()).toBe(true);
    await reread;
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 }).waitFor();

    // Signed out, this browser's sign-in page stays in German.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await htmlAttr(page, 'lang')).toBe('de');
    await page.reload();
    await page.locator('form button[type=submit]').waitFor();
    expect(await htmlAttr(page, 'lang')).toBe('de');

    // Another browser (nothing stored) starts in English, and signing in brings German.
    const other = await app.open();
    await other.page.goto(`${app.url}/login`);
    await other.page.locator('form button[type=submit]').waitFor();
    expect(await htmlAttr(other.page, 'lang')).toBe('en');
    await signIn(other.page, app.url, 'gis');
    await other.page.waitForFunction(() => document.documentElement.lang === 'de');
    await other.page.getByTestId('language-menu').click();
    const checked = other.page.locator('[role="menuitemcheckbox"][aria-checked="true"]');
    await expect(checked.locator('span[lang]').getAttribute('lang')).resolves.toBe('de');
  });
});
