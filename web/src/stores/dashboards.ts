import {
  type BuiltinKey,
  builtinDashboard,
  builtinNameKey,
  builtinsFor,
  type DashboardModel,
  type DashboardRecord,
  emptyDashboard,
  type FilterSettings,
  knownWidgets,
  OVERVIEW_KEY,
} from '@fieldwatch/core';
import { create } from 'zustand';
import { dashboardApi } from '@/lib/api.ts';

/** Dashboard save delay. */
export const SAVE_DELAY_MS = 2000;

/**
 * The dashboard client state: dashboards by id, hasLoaded, pending-save timers; and which
 * of them are the current organization's workspace dashboards (the others are the user's own, shown
 * whichever organization is current).
 */
type DashboardState = {
  dashboards: Record<string, DashboardModel>;
  filters: Record<string, FilterSettings | null>;
  workspace: Record<string, true>;
  hasLoaded: boolean;
  pending: Record<string, ReturnType<typeof setTimeout>>;
};

const initial = (): DashboardState => ({ dashboards: {}, filters: {}, workspace: {}, hasLoaded: false, pending: {} });

export const useDashboardStore = create<DashboardState>()(() => initial());
const get = useDashboardStore.getState;
const set = useDashboardStore.setState;

const put = (id: string, d: DashboardModel) => set((s) => ({ dashboards: { ...s.dashboards, [id]: d } }));

/**
 * Load: clear, fetch all, then create each built-in the user lacks (parking only with
 * the Parking right). Loaded is set on success and on failure; a failure is logged and re-thrown.
 */
let loading: Promise<void> | undefined;

/** Load (one at a time: a second call while loading shares the first). */
export function loadDashboards(showParking: boolean): Promise<void> {
  loading ??= load(showParking).finally(() => {
    loading = undefined;
  });
  return loading;
}

const stored = (r: DashboardRecord) => knownWidgets(r.content ?? emptyDashboard(r.name));

async function load(showParking: boolean) {
  clearPendingSaves();
  set({ dashboards: {}, filters: {}, workspace: {} });
  try {
    const [records, shared] = await Promise.all([dashboardApi.list(), dashboardApi.list(true)]);
    const dashboards: Record<string, DashboardModel> = {};
    const filters: Record<string, FilterSettings | null> = {};
    for (const r of [...records, ...shared]) {
      dashboards[r.id] = stored(r);
      filters[r.id] = r.filter;
    }
    // The built-ins are the user's own: a workspace copy of one does not count.
    const have = new Set(records.map((r) => dashboards[r.id]?.static));
    for (const key of builtinsFor(showParking)) {
      if (have.has(key)) continue;
      const created = await dashboardApi.create(builtinNameKey(key), key);
      dashboards[created.id] = created.content ?? builtinDashboard(key);
      filters[created.id] = null;
    }
    set({ dashboards, filters, workspace: idSet(shared), hasLoaded: true });
  } catch (e) {
    console.error('Error fetching user dashboards', e instanceof Error ? e.message : e);
    set({ hasLoaded: true });
    throw e;
  }
}

/** Debounced save: each call restarts the wait and sends the dashboard as it is at the call. */
export function saveDashboard(id: string) {
  const d = get().dashboards[id];
  if (!d) return;
  const copy = structuredClone(d);
  clearTimeout(get().pending[id]);
  const timer = setTimeout(() => {
    set((s) => {
      const { [id]: _sent, ...pending } = s.pending;
      return { pending };
    });
    dashboardApi.save(id, copy).catch((e) => console.error('Error saving dashboard', e));
  }, SAVE_DELAY_MS);
  set((s) => ({ pending: { ...s.pending, [id]: timer } }));
}

const idSet = (records: readonly DashboardRecord[]) =>
  Object.fromEntries(records.map((r) => [r.id, true as const])) as Record<string, true>;

/**
 * After the current organization changed: its workspace dashboards replace the previous one's.
 * A save still waiting for one of those is sent first (it is saved by its id, whatever is current).
 */
export async function reloadWorkspace(): Promise<void> {
  const shared = await dashboardApi.list(true);
  set((s) => {
    const dashboards = { ...s.dashboards };
    const filters = { ...s.filters };
    for (const id of Object.keys(s.workspace)) {
      delete dashboards[id];
      delete filters[id];
    }
    for (const r of shared) {
      dashboards[r.id] = stored(r);
      filters[r.id] = r.filter;
    }
    return { dashboards, filters, workspace: idSet(shared) };
  });
}

/**
 * Add: create on the server (in the current organization's workspace when asked), keep an empty
 * dashboard under the returned id, save it.
 */
export async function addDashboard(name: string, template?: BuiltinKey, workspace = false): Promise<string> {
  const created = await dashboardApi.create(name, template, workspace);
  const content = template ? { ...builtinDashboard(template, name), static: undefined } : emptyDashboard(name);
  put(created.id, structuredClone(content));
  set((s) => ({
    filters: { ...s.filters, [created.id]: null },
    workspace: workspace ? { ...s.workspace, [created.id]: true } : s.workspace,
  }));
  saveDashboard(created.id);
  return created.id;
}

/** Update: merge the given parts over the current dashboard and save. */
export function updateDashboard(id: string, parts: Partial<DashboardModel>) {
  const d = get().dashboards[id];
  if (!d) return;
  put(id, { ...d, ...parts });
  saveDashboard(id);
}

/** Replaces a dashboard by a function of it (the editing rules of core), then saves. */
export function editDashboard(id: string, edit: (d: DashboardModel) => DashboardModel) {
  const d = get().dashboards[id];
  if (d) updateDashboard(id, edit(d));
}

/**
 * Restore: commit an empty dashboard, then on the next tick the built-in's template,
 * saved at once (it replaces any edit still waiting to be saved). A save that fails rejects, and
 * the dashboard is put back as it was unless it has been edited since (then that edit's save runs).
 */
export function restoreDashboard(id: string, translatedName: string): Promise<void> {
  const before = get().dashboards[id];
  const key = before?.static;
  if (!before || !key) return Promise.resolve();
  const waiting = id in get().pending;
  clearTimeout(get().pending[id]);
  set((s) => {
    const { [id]: _replaced, ...pending } = s.pending;
    return { pending };
  });
  put(id, emptyDashboard(translatedName));
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      const restored = builtinDashboard(key, translatedName);
      put(id, restored);
      dashboardApi.save(id, structuredClone(restored)).then(
        () => resolve(),
        (e) => {
          if (get().dashboards[id] === restored) {
            put(id, before);
            if (waiting) saveDashboard(id);
          }
          reject(e);
        },
      );
    }, 0),
  );
}

export async function renameDashboard(id: string, name: string) {
  const d = get().dashboards[id];
  if (!d) return;
  await dashboardApi.rename(id, name);
  put(id, { ...(get().dashboards[id] ?? d), name });
}

/** Delete: the server first, then locally. */
export async function deleteDashboard(id: string) {
  await dashboardApi.remove(id);
  clearTimeout(get().pending[id]);
  set((s) => {
    const { [id]: _d, ...dashboards } = s.dashboards;
    const { [id]: _p, ...pending } = s.pending;
    const { [id]: _w, ...workspace } = s.workspace;
    return { dashboards, pending, workspace };
  });
}

export async function setDashboardFilter(id: string, filter: FilterSettings) {
  set((s) => ({ filters: { ...s.filters, [id]: filter } }));
  await dashboardApi.setFilter(id, filter);
}

/** The id of the user's own built-in dashboard with this key (not a workspace copy of it). */
export const builtinId = (key: string) =>
  Object.entries(get().dashboards).find(([id, d]) => d.static === key && !get().workspace[id])?.[0];
export const overviewId = () => builtinId(OVERVIEW_KEY);

function clearPendingSaves() {
  for (const timer of Object.values(get().pending)) clearTimeout(timer);
}

export function clearDashboards() {
  clearPendingSaves();
  set(initial());
}
