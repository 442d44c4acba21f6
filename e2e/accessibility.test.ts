import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { signIn, useApp } from './support/app.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { ADMIN_PASSWORD } from './support/server.ts';

// Issue 11 item 6: axe-core on every screen of the router, and the dialogs and menus that matter, in
// Dark and Bright, English and Arabic (right to left): no serious or critical violation anywhere.
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
const app = useApp(() => ({ WEATHER_URL: weather.url }));

type Theme = 'Dark' | 'Bright';
type Lang = 'en' | 'ar';

const locales: Record<Lang, Record<string, unknown>> = {
  en: JSON.parse(fs.readFileSync(new URL('../web/src/i18n/locales/en.json', import.meta.url), 'utf8')),
  ar: JSON.parse(fs.readFileSync(new URL('../web/src/i18n/locales/ar.json', import.meta.url), 'utf8')),
};
/** A text of the interface by its dotted key, in the language under test; a missing key throws. */
const text = (lang: Lang, key: string): string => {
  const found = key
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], locales[lang]);
  if (typeof found !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return found;
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
];
const PROFILE_TABS = ['personal', 'password', 'preferences', 'notifications', 'sessions'];
const DEVICE_TABS = [
  'tableView',
  'deviceInfo',
  'schedule',
  'gprs',
  'network',
  'cellular',
  'portSettings',
  'firmware',
  'deviceAlarm',
  'nfc',
  'location',
  'continualMeasurement',
  'customBrand',
  'logScan',
];
/** A demo pipe unit with radar curves (see radar.test.ts). */
const RADAR_SERIAL = 'X3S-D00002';
const UNKNOWN_TAG = '0b6f3c1e-8d4a-4f6b-9c2e-5a7d1e3f9b20';

/** Theme and language in the persisted user state, then a reload so the app starts with them. */
async function setLookAndReload(page: Page, theme: Theme, lang: Lang) {
  await page.evaluate(
    ({ theme, lang }) => {
      const stored = JSON.parse(localStorage.getItem('fieldwatch.user') ?? '{"state":{},"version":0}');
      stored.state = { ...stored.state, themeMode: theme, activeLanguage: lang };
      localStorage.setItem('fieldwatch.user', JSON.stringify(stored));
    },
    { theme, lang },
  );
  await page.reload();
  await page.waitForFunction(
    ({ theme, lang }) => {
      const html = document.documentElement;
      return (
        html.dataset.theme === theme.toLowerCase() && html.lang === lang && html.dir === (lang === 'ar' ? 'rtl' : 'ltr')
      );
    },
    { theme, lang },
  );
}

/** Nothing still loading: no skeleton, spinner or loading chart in the page. */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(
              '.skeleton, .skeleton__lines, .wskel, .spinner, .chart--loading, [aria-busy=true]',
            ).length,
        ),
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0);
}

async function h1(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** A dashboard with its widgets drawn and loaded. */
async function dashboard(page: Page, key: string) {
  await page.goto(`${app.url}/dashboard/${key}`);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/') && !url.pathname.endsWith(`/${key}`));
  await page.locator('.dashboard-grid [data-widget-type]').first().waitFor();
  await settled(page);
}

async function unitIdOf(page: Page, serial: string): Promise<number> {
  const id = await page.evaluate(async (s) => {
    const body = (await (await fetch('/api/v2/device/devices')).json()) as { result: { id: number; serial: string }[] };
    return body.result.find((d) => d.serial === s)?.id;
  }, serial);
  if (!id) throw new Error(`no unit ${serial}`);
  return id;
}

/** A screen or an opened dialog or menu: how to get there, and optionally the part of the page to check. */
type Check = { name: string; visit: (page: Page) => Promise<void>; scope?: string };

/** Finite animations (a dialog fading in) have ended: axe reads colours as they are drawn. */
async function stillAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** Runs each check's visit, then axe; adds the checks with violations to `found`, described. */
async function audit(page: Page, checks: Check[], found: Record<string, string>, audited: string[]) {
  for (const check of checks) {
    await check.visit(page);
    await stillAnimations(page);
    const violations = await axeViolations(page, check.scope);
    if (violations.length) found[check.name] = describeViolations(violations);
    audited.push(check.name);
  }
}

const COMBINATIONS: [Theme, Lang][] = [
  ['Dark', 'en'],
  ['Bright', 'en'],
  ['Dark', 'ar'],
  ['Bright', 'ar'],
];

describe('accessibility (axe-core, serious and critical)', () => {
  it.each(COMBINATIONS)('has no violations on any screen in %s, %s', { timeout: 300_000 }, async (theme, lang) => {
    const found: Record<string, string> = {};
    const audited: string[] = [];
    const t = (key: string) => text(lang, key);

    // The platform administrator: the platform's own errors tab.
    const admin = (await app.open()).page;
    await signIn(admin, app.url, 'admin', ADMIN_PASSWORD);
    await setLookAndReload(admin, theme, lang);
    await audit(
      admin,
      [
        {
          name: 'admin errors tab',
          visit: async (p) => {
            await p.goto(`${app.url}/admin?tab=errors`);
            await p.getByRole('tabpanel').waitFor();
            await settled(p);
          },
        },
      ],
      found,
      audited,
    );

    // Signed out.
    const anonymous = (await app.open()).page;
    await anonymous.goto(`${app.url}/login`);
    await setLookAndReload(anonymous, theme, lang);
    await audit(
      anonymous,
      [
        {
          name: 'login',
          visit: async (p) => {
            await p.locator('form button[type=submit]').waitFor();
          },
        },
        {
          name: 'reset password',
          visit: async (p) => {
            // Without a token: the page that says the link is not valid and offers a new one.
            await p.goto(`${app.url}/reset-password`);
            await p.getByRole('heading').first().waitFor();
          },
        },
        {
          name: 'NFC onboarding',
          visit: async (p) => {
            // The small demo fleet has no tag in stock; an unknown tag's page is the flow's first step.
            await p.goto(`${app.url}/nfc/${UNKNOWN_TAG}`);
            await p.getByRole('heading').first().waitFor();
            await settled(p);
          },
        },
      ],
      found,
      audited,
    );

    // The parking user: the parking dashboard.
    const parking = (await app.open()).page;
    await signIn(parking, app.url, 'parking');
    await setLookAndReload(parking, theme, lang);
    await audit(parking, [{ name: 'dashboard parking', visit: (p) => dashboard(p, 'parking') }], found, audited);

    // The manager (SuperUser): everything else.
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    const radarUnit = await unitIdOf(page, RADAR_SERIAL);
    await setLookAndReload(page, theme, lang);
    const checks: Check[] = [
      ...['default', 'units', 'alarms', 'map', 'telemetry'].map((key) => ({
        name: `dashboard ${key}`,
        visit: (p: Page) => dashboard(p, key),
      })),
      {
        name: 'account menu',
        visit: async (p) => {
          await p.getByTestId('account-menu').click();
          await p.getByRole('menu').waitFor();
        },
        // The menu itself: while it is open, Radix hides the page behind it (aria-hidden) and keeps
        // focus inside the menu, which axe cannot tell from the outside (aria-hidden-focus).
        scope: '[role=menu]',
      },
      {
        name: 'add widget picker',
        visit: async (p) => {
          await p.keyboard.press('Escape');
          await p.getByRole('menu').waitFor({ state: 'detached' });
          await p.getByRole('button', { name: t('dashboard.edit'), exact: true }).click();
          await p.getByRole('toolbar', { name: t('dashboard.editing') }).waitFor();
          await p.getByRole('button', { name: t('dashboard.addWidget') }).click();
          await p.getByRole('dialog', { name: t('dashboard.addWidget') }).waitFor();
        },
      },
      {
        name: 'widget settings dialog',
        visit: async (p) => {
          await p.keyboard.press('Escape');
          await p.getByRole('dialog').waitFor({ state: 'detached' });
          await p
            .locator('[data-widget-type=charts]')
            .getByRole('button', { name: t('dashboard.widgetMenu') })
            .click();
          await p.getByRole('menuitem', { name: t('widget.settings') }).click();
          await p.getByRole('dialog', { name: t('widget.settings') }).waitFor();
          await settled(p);
        },
      },
      {
        name: 'device management',
        visit: async (p) => {
          await p.goto(`${app.url}/devicemanagement`);
          await p.locator('table tbody tr').first().waitFor();
          await settled(p);
        },
      },
      ...DEVICE_TABS.map((tab) => ({
        name: `device ${tab}`,
        visit: async (p: Page) => {
          await p.goto(`${app.url}/devicemanagement?unit=${radarUnit}&tab=${tab}`);
          await p.getByRole('tabpanel').waitFor();
          await settled(p);
        },
      })),
      {
        name: 'group management',
        visit: async (p) => {
          await p.goto(`${app.url}/groupmanagement`);
          await p.locator('.container-item').first().waitFor();
          await settled(p);
        },
      },
      {
        name: 'location management',
        visit: async (p) => {
          await p.goto(`${app.url}/locationmanagement`);
          await p.locator('.container-item').first().waitFor();
          await settled(p);
        },
      },
      {
        name: 'radar',
        visit: async (p) => {
          await p.goto(`${app.url}/radar/${radarUnit}`);
          await p.locator('.radar-plot__main canvas').first().waitFor();
          await p.locator('.radar-markers__empty, .radar-markers__list').first().waitFor();
          await settled(p);
        },
      },
      {
        name: 'notifications',
        visit: async (p) => {
          await p.goto(`${app.url}/notifications`);
          await h1(p);
          await settled(p);
        },
      },
      {
        name: 'tasks',
        visit: async (p) => {
          await p.goto(`${app.url}/taskmanagement`);
          await h1(p);
          await settled(p);
        },
      },
      {
        name: 'tasks archive',
        visit: async (p) => {
          await p.getByRole('tab', { name: t('tasks.tabs.archive') }).click();
          await settled(p);
        },
      },
      ...ADMIN_TABS.map((tab) => ({
        name: `admin ${tab}`,
        visit: async (p: Page) => {
          await p.goto(`${app.url}/admin?tab=${tab}`);
          await p.getByRole('tabpanel').waitFor();
          await settled(p);
        },
      })),
      ...PROFILE_TABS.map((tab) => ({
        name: `profile ${tab}`,
        visit: async (p: Page) => {
          await p.goto(`${app.url}/profile?tab=${tab}`);
          await p.getByRole('tabpanel').waitFor();
          await settled(p);
        },
      })),
      {
        name: 'not found',
        visit: async (p) => {
          await p.goto(`${app.url}/no-such-screen`);
          await h1(p);
        },
      },
    ];
    await audit(page, checks, found, audited);

    expect(audited).toHaveLength(checks.length + 5);
    const report = Object.entries(found).map(([screen, v]) => `${screen}:\n${v}`);
    expect(Object.keys(found), `serious or critical violations:\n${report.join('\n\n')}`).toEqual([]);
  });
});
