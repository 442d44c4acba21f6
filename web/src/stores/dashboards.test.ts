import {
  addWidget,
  builtinDashboard,
  type DashboardModel,
  type DashboardRecord,
  emptyDashboard,
  encodeDashboardId,
} from '@fieldwatch/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store's rules against a stand-in for the HTTP calls; the real calls are covered
// end to end by e2e/dashboards.test.ts.
const server = vi.hoisted(() => ({
  records: [] as DashboardRecord[],
  saved: [] as { id: string; content: DashboardModel }[],
  created: [] as { name: string; templateId?: string }[],
  failList: false,
  failSave: false,
  next: 1,
}));
vi.mock('@/lib/api.ts', () => ({
  dashboardApi: {
    list: async (useContext = false) => {
      if (server.failList) throw new Error('HTTP 500');
      return server.records.filter((r) => r.useContext === useContext);
    },
    create: async (name: string, templateId?: string, useContext = false) => {
      server.created.push({ name, templateId });
      const id = encodeDashboardId(server.next++);
      return { id, name, filter: null, content: null, templateId: templateId ?? null, useContext };
    },
    save: async (id: string, content: DashboardModel) => {
      if (server.failSave) throw new Error('HTTP 500');
      server.saved.push({ id, content });
      return {};
    },
    remove: async () => ({ success: true }),
    rename: async () => ({}),
    setFilter: async () => ({}),
  },
}));

const store = await import('./dashboards.ts');
const { useDashboardStore, SAVE_DELAY_MS } = store;

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(server, { records: [], saved: [], created: [], failList: false, failSave: false, next: 1 });
  store.clearDashboards();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('workspace dashboards', () => {
  const record = (id: number, name: string, useContext: boolean, content = emptyDashboard(name)): DashboardRecord => ({
    id: encodeDashboardId(id),
    name,
    filter: null,
    content,
    templateId: null,
    useContext,
  });

  it("keeps the organisation's apart, does not count a workspace built-in as the user's, and replaces them on a switch", async () => {
    server.records = [record(50, 'Alpha rounds', true, builtinDashboard('overview', 'Alpha overview'))];
    await store.loadDashboards(false);
    // The workspace copy of the overview does not stand in for the user's own.
    expect(server.created.map((c) => c.templateId)).toContain('overview');
    expect(useDashboardStore.getState().workspace).toEqual({ [encodeDashboardId(50)]: true });

    const mine = await store.addDashboard('Mine');
    const shared = await store.addDashboard('Shared', undefined, true);
    expect(Object.keys(useDashboardStore.getState().workspace).sort()).toEqual([encodeDashboardId(50), shared].sort());

    server.records = [record(60, 'Gamma rounds', true)];
    await store.reloadWorkspace();
    const { dashboards, workspace } = useDashboardStore.getState();
    expect(workspace).toEqual({ [encodeDashboardId(60)]: true });
    expect(dashboards[encodeDashboardId(60)]?.name).toBe('Gamma rounds');
    expect(dashboards[encodeDashboardId(50)]).toBeUndefined();
    expect(dashboards[shared]).toBeUndefined();
    expect(dashboards[mine]?.name).toBe('Mine');
  });
});

describe('loading dashboards', () => {
  it('creates each missing built-in, parking only when allowed, and sets loaded', async () => {
    server.records = [
      {
        id: encodeDashboardId(90),
        name: 'builtin.units',
        filter: null,
        content: builtinDashboard('units'),
        templateId: 'units',
        useContext: false,
      },
    ];
    await store.loadDashboards(false);
    expect(server.created.map((c) => c.templateId)).toEqual(['overview', 'alarms', 'map', 'telemetry']);
    expect(useDashboardStore.getState().hasLoaded).toBe(true);
    expect(
      Object.values(useDashboardStore.getState().dashboards)
        .map((d) => d.static)
        .sort(),
    ).toEqual(['alarms', 'map', 'overview', 'telemetry', 'units']);
    store.clearDashboards();
    server.created = [];
    await store.loadDashboards(true);
    expect(server.created.map((c) => c.templateId)).toContain('parking');
  });

  it('shares one load between two simultaneous calls (no duplicate built-ins)', async () => {
    await Promise.all([store.loadDashboards(false), store.loadDashboards(false)]);
    expect(server.created).toHaveLength(5);
  });

  it('on failure logs, still sets loaded, and re-throws', async () => {
    server.failList = true;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(store.loadDashboards(false)).rejects.toThrow('HTTP 500');
    expect(log).toHaveBeenCalledWith('Error fetching user dashboards', 'HTTP 500');
    expect(useDashboardStore.getState().hasLoaded).toBe(true);
  });
});

describe('saving', () => {
  const id = encodeDashboardId(7);
  beforeEach(() => useDashboardStore.setState({ dashboards: { [id]: emptyDashboard('A') } }));

  it('waits 2000 ms after the last call and sends the dashboard as it was at that call', async () => {
    store.saveDashboard(id);
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    store.updateDashboard(id, { name: 'B' }); // restarts the wait
    useDashboardStore.setState((s) => ({ dashboards: { ...s.dashboards, [id]: { ...emptyDashboard('C') } } }));
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(server.saved).toEqual([]);
    expect(useDashboardStore.getState().pending[id]).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(server.saved).toEqual([{ id, content: { ...emptyDashboard('A'), name: 'B' } }]);
    expect(useDashboardStore.getState().pending[id]).toBeUndefined();
  });

  it('does nothing for an unknown id', () => {
    store.saveDashboard('nope');
    vi.runAllTimers();
    expect(server.saved).toEqual([]);
  });

  it('add stores an empty dashboard under the new id and saves it', async () => {
    const newId = await store.addDashboard('Night');
    expect(useDashboardStore.getState().dashboards[newId]).toEqual(emptyDashboard('Night'));
    vi.runAllTimers();
    expect(server.saved.map((s) => s.id)).toEqual([newId]);
  });

  it('restore commits an empty dashboard, then the template on the next tick, saved at once', async () => {
    const edited = addWidget(builtinDashboard('map'), 'status').dashboard;
    useDashboardStore.setState({ dashboards: { [id]: edited } });
    store.saveDashboard(id); // an edit still waiting: the restore replaces it
    const restored = store.restoreDashboard(id, 'Karta');
    expect(useDashboardStore.getState().dashboards[id]).toEqual(emptyDashboard('Karta'));
    await vi.advanceTimersByTimeAsync(0);
    await restored;
    expect(useDashboardStore.getState().dashboards[id]).toEqual(builtinDashboard('map', 'Karta'));
    expect(server.saved).toEqual([{ id, content: builtinDashboard('map', 'Karta') }]);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(server.saved).toHaveLength(1);
  });

  it('a restore that cannot be saved rejects and puts the dashboard back as it was', async () => {
    const edited = addWidget(builtinDashboard('map'), 'status').dashboard;
    useDashboardStore.setState({ dashboards: { [id]: edited } });
    server.failSave = true;
    const failed = store.restoreDashboard(id, 'Karta').then(
      () => 'saved',
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(await failed).toBe('HTTP 500');
    expect(useDashboardStore.getState().dashboards[id]).toBe(edited);
  });

  it('delete removes it locally after the server', async () => {
    await store.deleteDashboard(id);
    expect(useDashboardStore.getState().dashboards[id]).toBeUndefined();
  });
});
