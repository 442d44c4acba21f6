import type { Page } from 'playwright-core';
import { okPipeUnit } from './alarm.ts';
import { DEMO_PASSWORD, type RunningServer } from './server.ts';

// The stored-XSS test's seed (e2e/web-attacks.test.ts): every payload in every text a user can edit,
// stored through the real API with the page's session.

/** What an attacker stores: markup with handlers, a script element, an attribute break-out, a script URL. */
export const PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=2</script>',
  svg: '"><svg onload=window.__xss=3>',
  url: 'javascript:window.__xss=4',
} as const;
export type Kind = keyof typeof PAYLOADS;
export const KINDS = Object.keys(PAYLOADS) as Kind[];
/** The stored text of a field and payload, labelled so a screen's text tells which field it shows. */
export const text = (field: string, kind: Kind) => `${field}-${kind} ${PAYLOADS[kind]}`;
/** Every text the seed stored, to prove each is shown (and checked) on some screen. */
export const stored = new Set<string>();
export const store = (field: string, kind: Kind) => {
  stored.add(text(field, kind));
  return text(field, kind);
};
export const all = (field: string) => KINDS.map((k) => text(field, k));

const LEAK_SERIAL = 'X3S-D00002';
export const ACCOUNT_URL = 'xss-brand';

export type Seeded = {
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
export async function seed(page: Page, server: RunningServer): Promise<Seeded> {
  const session = await call<{ currentOrganization: { id: number } }>(page, 'GET', '/api/v3/user/session');
  const orgId = session.currentOrganization.id;
  const devices = (await call<{ result: { id: number; serial: string }[] }>(page, 'GET', '/api/v2/device/devices'))
    .result;
  const alarm = await okPipeUnit(page, server);
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
