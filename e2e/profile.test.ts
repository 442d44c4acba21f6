import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../server/test/fixtures/images.ts';
import { startSmtpSink } from '../server/test/fixtures/smtpSink.ts';
import { signIn, toasts, useApp } from './support/app.ts';
import { signInThroughForm } from './support/browser.ts';

// Issue 8 in the browser: a user's preferences and avatar apply everywhere; the password changes
// from the profile; a forgotten password is reset through the link mailed to the sink.
const sink = await startSmtpSink();
const app = useApp(() => ({ SMTP_URL: sink.url }));

/** The reset link of the newest mail to `to`, once `count` mails have reached it. */
async function mailedLink(to: string, count: number) {
  await expect.poll(() => sink.mails.filter((m) => m.to.includes(to)).length).toBe(count);
  const raw = (sink.mails.filter((m) => m.to.includes(to)).at(-1)?.raw ?? '')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}(&invite=1)?/.exec(raw)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return link;
}

describe('profile', () => {
  it("applies the user's language, timezone, clock, date order and avatar everywhere", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/profile?tab=preferences' });
    await page.getByLabel('Time zone').selectOption('GMT +09:00 Seoul');
    await page.getByRole('radio', { name: '12-hour' }).check();
    await page.getByRole('radio', { name: /^Month first/ }).check();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await toasts(page).filter({ hasText: 'Preferences saved' }).waitFor();

    // A notification's time elsewhere in the product, now in Seoul time, 12-hour, month first.
    await page.goto(`${app.url}/notifications`);
    const time = page.locator('time[datetime]').first();
    await time.waitFor();
    const iso = (await time.getAttribute('datetime')) ?? '';
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en', {
        timeZone: 'Asia/Seoul',
        month: 'short',
        day: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h12',
      })
        .formatToParts(new Date(iso))
        .map((p) => [p.type, p.value]),
    );
    expect(await time.textContent()).toBe(
      `${parts.month} ${parts.day} ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`,
    );

    // The avatar: uploaded on the profile, shown in the account button.
    await page.goto(`${app.url}/profile`);
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await toasts(page).filter({ hasText: 'Picture updated' }).waitFor();
    const avatar = page.getByTestId('account-menu').locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/v3\/user\/avatar\?v=[0-9a-f]{12}$/);

    // The language: saved with the profile, so the next sign-in on another browser starts in it.
    await page.goto(`${app.url}/profile?tab=preferences`);
    await page.getByRole('tabpanel').getByLabel('Language').selectOption('de');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    const other = (await app.open()).page;
    await signIn(other, app.url, 'operator');
    await expect.poll(() => other.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('refuses a mismatched repeat in the browser, then changes the password', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'parking', { to: '/profile?tab=password' });
    // The parking user works in Danish; the fields are found by their type and order.
    const fields = page.locator('.profile-panel input[type=password]');
    await fields.nth(0).fill('fieldwatch-demo');
    await fields.nth(1).fill('parking-new-1');
    await fields.nth(2).fill('parking-new-2');
    await page.locator('.profile-panel button[type=submit]').click();
    await page.locator('[aria-invalid=true]').first().waitFor();
    await fields.nth(2).fill('parking-new-1');
    await page.locator('.profile-panel button[type=submit]').click();
    await toasts(page).first().waitFor();
    const res = await page.evaluate(async () => (await fetch('/api/v3/user/profile')).status);
    expect(res).toBe(200);
    const fresh = (await app.open()).page;
    await signInThroughForm(fresh, app.url, 'parking', 'parking-new-1');
    await fresh.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
  });
});

describe('password reset', () => {
  it('mails a link from the sign-in page; the link sets a new password once', async () => {
    const { page } = await app.open();
    await page.goto(`${app.url}/login`);
    await page
      .getByRole('button', { name: 'Forgot password?' })
      .or(page.getByRole('link', { name: 'Forgot password?' }))
      .click();
    await page.getByLabel('E-mail address').fill('gis@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('If an account has this address, a link is on its way.').waitFor();

    const link = await mailedLink('gis@example.com', 1);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('gis-after-reset');
    await page.getByLabel('Repeat the new password').fill('gis-after-reset');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password is saved').waitFor();

    await page.goto(link);
    await page.getByText('This link has expired or was already used').waitFor();
    const fresh = (await app.open()).page;
    await signInThroughForm(fresh, app.url, 'gis', 'gis-after-reset');
    await fresh.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
  });
});
