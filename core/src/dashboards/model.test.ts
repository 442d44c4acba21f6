import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_KEYS, builtinDashboard, builtinsFor } from './builtins.ts';
import {
  addLinkGroup,
  addWidget,
  applyLayout,
  bind,
  boundValue,
  type DashboardModel,
  DEFAULT_LINK_GROUP_ID,
  deleteLinkGroup,
  deleteWidget,
  emptyDashboard,
  GRID_BREAKPOINTS,
  GRID_COLUMNS,
  GRID_MINIMUMS,
  hasMap,
  knownWidgets,
  LINK_GROUP_MISSING,
  linkWidget,
  ONE_MAP_ONLY,
  unbind,
  unlinkWidget,
  updateWidget,
} from './model.ts';
import { WIDGET_CATALOGUE, WIDGET_TYPES, type WidgetType } from './widgets.ts';

const nonMapTypes = WIDGET_CATALOGUE.filter((w) => !w.map).map((w) => w.type);
const mapTypes = WIDGET_CATALOGUE.filter((w) => w.map).map((w) => w.type);

/** A dashboard built by adding 0–8 non-map widgets, some in an extra link group, with some bindings. */
const arbDashboard = fc
  .record({
    types: fc.array(fc.constantFrom(...nonMapTypes), { maxLength: 8 }),
    extraGroup: fc.boolean(),
    moves: fc.array(fc.nat(), { maxLength: 8 }),
    binds: fc.array(fc.tuple(fc.nat(), fc.constantFrom('units' as const, 'channel' as const), fc.integer()), {
      maxLength: 8,
    }),
  })
  .map(({ types, extraGroup, moves, binds }) => {
    let d = emptyDashboard();
    const ids: string[] = [];
    for (const t of types) {
      const r = addWidget(d, t);
      d = r.dashboard;
      ids.push(r.id);
    }
    if (extraGroup && ids.length > 0) {
      const g = addLinkGroup(d, 'second');
      d = g.dashboard;
      for (const m of moves) d = linkWidget(d, ids[m % ids.length] as string, g.id);
    }
    for (const [n, kind, value] of binds) if (ids.length > 0) d = bind(d, ids[n % ids.length] as string, kind, value);
    return { d, ids };
  });

const layoutIds = (d: DashboardModel) => GRID_BREAKPOINTS.map((bp) => d.layouts[bp].map((l) => l.i).sort());

describe('a new dashboard', () => {
  it("is version '1', named Default, with empty md/sm/xs layouts and the default link group", () => {
    expect(emptyDashboard()).toEqual({
      name: 'Default',
      version: '1',
      unitGroups: [],
      linkGroups: { default: { id: 'default', name: 'default', color: 'group-one' } },
      bindings: {},
      layouts: { md: [], sm: [], xs: [] },
      widgets: {},
    });
  });
});

describe('adding a widget', () => {
  it('fills the room beside the last widgets instead of opening a row of its own', () => {
    // md is 12 columns: a 6-wide widget at the top left leaves the right half free.
    const d = addWidget(emptyDashboard(), 'deviceList').dashboard;
    const first = d.layouts.md[0];
    expect(first).toMatchObject({ x: 0, y: 0 });
    const { dashboard, id } = addWidget(d, 'alarmList');
    const second = dashboard.layouts.md.find((l) => l.i === id);
    expect(first?.w).toBe(6);
    expect(second).toMatchObject({ x: 6, y: 0, w: 6 });
    // A phone's widgets span the screen: one under the other.
    const phone = dashboard.layouts.xs.find((l) => l.i === id);
    expect(phone?.y).toBe((dashboard.layouts.xs[0]?.h ?? 0) + (dashboard.layouts.xs[0]?.y ?? 0));
  });

  it('gives a unique id of base id + 10 characters, appends it to every layout, in the default group', () => {
    fc.assert(
      fc.property(arbDashboard, fc.constantFrom(...nonMapTypes), ({ d }, type) => {
        const { dashboard, id } = addWidget(d, type);
        expect(id).toMatch(new RegExp(`^${type}-[A-Za-z0-9]{10}$`));
        expect(d.widgets[id]).toBeUndefined();
        expect(dashboard.widgets[id]).toMatchObject({ component: type, group: DEFAULT_LINK_GROUP_ID });
        for (const bp of GRID_BREAKPOINTS) {
          expect(dashboard.layouts[bp].slice(0, -1)).toEqual(d.layouts[bp]);
          const item = dashboard.layouts[bp].at(-1);
          expect(item?.i).toBe(id);
          expect(item?.w).toBeLessThanOrEqual(GRID_COLUMNS[bp]);
          expect(item?.w).toBeGreaterThanOrEqual(GRID_MINIMUMS[bp].w);
          // In a free place: overlapping nothing, and no higher than the first row with room.
          const overlaps = d.layouts[bp].some(
            (l) => item && item.x < l.x + l.w && l.x < item.x + item.w && item.y < l.y + l.h && l.y < item.y + item.h,
          );
          expect(overlaps).toBe(false);
          expect(item?.y).toBeLessThanOrEqual(Math.max(0, ...d.layouts[bp].map((l) => l.y + l.h)));
        }
        // On a phone a new widget spans the screen.
        expect(dashboard.layouts.xs.at(-1)?.w).toBe(GRID_COLUMNS.xs);
      }),
    );
  });

  it("refuses a second map: 'You can only have one map'", () => {
    fc.assert(
      fc.property(fc.constantFrom(...mapTypes), fc.constantFrom(...mapTypes), (a, b) => {
        const { dashboard } = addWidget(emptyDashboard(), a);
        expect(hasMap(dashboard)).toBe(true);
        expect(() => addWidget(dashboard, b)).toThrow(ONE_MAP_ONLY);
      }),
    );
  });
});

describe('deleting a widget', () => {
  it('removes it from every layout, the widgets, the bindings it updated and its own bindings', () => {
    fc.assert(
      fc.property(arbDashboard, fc.nat(), ({ d, ids }, n) => {
        fc.pre(ids.length > 0);
        const id = ids[n % ids.length] as string;
        const after = deleteWidget(d, id);
        expect(after.widgets[id]).toBeUndefined();
        for (const bp of GRID_BREAKPOINTS) expect(after.layouts[bp].some((l) => l.i === id)).toBe(false);
        expect(after.bindings[id]).toBeUndefined();
        for (const values of Object.values(after.bindings)) {
          for (const v of Object.values(values)) expect(v?.updatedBy).not.toBe(id);
        }
        // Everything else stays.
        expect(Object.keys(after.widgets).sort()).toEqual(ids.filter((i) => i !== id).sort());
        expect(layoutIds(after)).toEqual(layoutIds(d).map((l) => l.filter((i) => i !== id)));
      }),
    );
  });
});

describe('updating a widget', () => {
  it('replaces its title and settings and leaves layouts, link group and bindings as they were', () => {
    fc.assert(
      fc.property(
        arbDashboard,
        fc.nat(),
        fc.string(),
        fc.dictionary(fc.string(), fc.jsonValue()),
        ({ d, ids }, n, name, props) => {
          fc.pre(ids.length > 0);
          const id = ids[n % ids.length] as string;
          const after = updateWidget(d, id, { name, props });
          expect(after.widgets[id]).toEqual({ ...d.widgets[id], name, props });
          expect(after.layouts).toBe(d.layouts);
          expect(after.bindings).toBe(d.bindings);
          for (const other of ids.filter((i) => i !== id)) expect(after.widgets[other]).toBe(d.widgets[other]);
          // Only what the patch names changes.
          expect(updateWidget(d, id, {}).widgets[id]).toEqual(d.widgets[id]);
        },
      ),
    );
  });

  it('refuses an unknown widget', () => {
    expect(() => updateWidget(emptyDashboard(), 'nope', { name: 'x' })).toThrow('Unknown widget nope');
  });
});

describe('link groups', () => {
  it("linking needs an existing group ('Link group does not exist') and clears the widget's bindings", () => {
    fc.assert(
      fc.property(arbDashboard, fc.nat(), ({ d, ids }, n) => {
        fc.pre(ids.length > 0);
        const id = ids[n % ids.length] as string;
        expect(() => linkWidget(d, id, 'nosuchgrp1')).toThrow(LINK_GROUP_MISSING);
        const linked = linkWidget(d, id, DEFAULT_LINK_GROUP_ID);
        expect(linked.widgets[id]?.group).toBe(DEFAULT_LINK_GROUP_ID);
        for (const values of Object.values(linked.bindings)) {
          for (const v of Object.values(values)) expect(v?.updatedBy).not.toBe(id);
        }
      }),
    );
  });

  it('unlinking clears the group and the bindings; a bound value then stays on the widget itself', () => {
    let d = emptyDashboard();
    const a = addWidget(d, 'deviceList');
    const b = addWidget(a.dashboard, 'charts');
    d = bind(b.dashboard, a.id, 'units', [7]);
    expect(boundValue(d, b.id, 'units')).toEqual([7]);
    d = unlinkWidget(d, a.id);
    expect(d.widgets[a.id]?.group).toBeNull();
    expect(boundValue(d, b.id, 'units')).toBeUndefined();
    d = bind(d, a.id, 'units', [8]);
    expect(d.bindings[a.id]?.units?.value).toEqual([8]);
    expect(boundValue(d, b.id, 'units')).toBeUndefined();
  });

  it('deleting a link group unlinks all its widgets and drops its bindings', () => {
    fc.assert(
      fc.property(arbDashboard, ({ d }) => {
        const after = deleteLinkGroup(d, DEFAULT_LINK_GROUP_ID);
        expect(after.linkGroups[DEFAULT_LINK_GROUP_ID]).toBeUndefined();
        expect(after.bindings[DEFAULT_LINK_GROUP_ID]).toBeUndefined();
        for (const [id, w] of Object.entries(after.widgets)) {
          expect(w.group).toBe(d.widgets[id]?.group === DEFAULT_LINK_GROUP_ID ? null : d.widgets[id]?.group);
        }
        expect(() => deleteLinkGroup(after, DEFAULT_LINK_GROUP_ID)).toThrow(LINK_GROUP_MISSING);
      }),
    );
  });

  it('new link groups get 10-character ids and distinct colours', () => {
    let d = emptyDashboard();
    const colors = new Set(['group-one']);
    for (let k = 0; k < 5; k++) {
      const g = addLinkGroup(d, `g${k}`);
      d = g.dashboard;
      expect(g.id).toMatch(/^[A-Za-z0-9]{10}$/);
      colors.add(d.linkGroups[g.id]?.color as string);
    }
    expect(colors.size).toBe(6);
  });
});

describe('bindings', () => {
  it('store under the link group by kind, so every widget of the group sees the value', () => {
    fc.assert(
      fc.property(arbDashboard, fc.nat(), fc.integer(), ({ d, ids }, n, value) => {
        fc.pre(ids.length > 0);
        const id = ids[n % ids.length] as string;
        const after = bind(d, id, 'units', value);
        const group = d.widgets[id]?.group as string;
        expect(after.bindings[group]?.units).toEqual({ kind: 'units', updatedBy: id, value });
        for (const other of ids)
          if (after.widgets[other]?.group === group) expect(boundValue(after, other, 'units')).toBe(value);
        const removed = unbind(after, group, 'units');
        expect(removed.bindings[group]?.units).toBeUndefined();
        expect(removed.bindings[group]?.channel).toEqual(after.bindings[group]?.channel);
      }),
    );
  });

  it('a manual widget keeps its values to itself', () => {
    const a = addWidget(emptyDashboard(), 'charts', { settings: { manual: true } });
    const d = bind(a.dashboard, a.id, 'units', [1]);
    expect(d.bindings[a.id]?.units?.value).toEqual([1]);
    expect(d.bindings.default).toBeUndefined();
  });
});

describe('layouts', () => {
  it("applying the grid's positions never goes below an item's minimums", () => {
    const { dashboard, id } = addWidget(emptyDashboard(), 'status');
    const after = applyLayout(dashboard, 'xs', [{ i: id, x: 1, y: 4, w: 0, h: 1 }]);
    expect(after.layouts.xs[0]).toMatchObject({ x: 1, y: 4, w: 1, h: 3 });
    expect(after.layouts.md).toEqual(dashboard.layouts.md);
  });

  it('drops widgets of unknown types so an old dashboard still opens', () => {
    const { dashboard, id } = addWidget(emptyDashboard(), 'status');
    const old = {
      ...dashboard,
      widgets: { ...dashboard.widgets, [id]: { ...dashboard.widgets[id], component: 'gone' as WidgetType } },
    } as DashboardModel;
    expect(knownWidgets(old).layouts.md).toEqual([]);
  });

  it('opens a dashboard stored with the retired widget store without it, and offers it no more', () => {
    const one = addWidget(emptyDashboard(), 'status');
    const { dashboard, id } = addWidget(one.dashboard, 'battery');
    const store = { ...dashboard.widgets[id], component: 'widgetStore' as WidgetType };
    const stored = { ...dashboard, widgets: { ...dashboard.widgets, [id]: store } } as DashboardModel;
    const opened = knownWidgets(stored);
    expect(Object.keys(opened.widgets)).toEqual([one.id]);
    for (const bp of GRID_BREAKPOINTS) expect(opened.layouts[bp].map((l) => l.i)).toEqual([one.id]);
    expect(WIDGET_CATALOGUE.map((w) => w.type as string)).not.toContain('widgetStore');
  });
});

describe('built-in dashboards', () => {
  it.each(BUILTIN_KEYS)('%s has its widgets in all three layouts, within the grid and its minimums', (key) => {
    const d = builtinDashboard(key);
    expect(d.static).toBe(key);
    const ids = Object.keys(d.widgets).sort();
    for (const bp of GRID_BREAKPOINTS) {
      expect(d.layouts[bp].map((l) => l.i).sort()).toEqual(ids);
      for (const l of d.layouts[bp]) {
        expect(l.x + l.w).toBeLessThanOrEqual(GRID_COLUMNS[bp]);
        expect(l.w).toBeGreaterThanOrEqual(GRID_MINIMUMS[bp].w);
        expect(l.h).toBeGreaterThanOrEqual(GRID_MINIMUMS[bp].h);
        expect([l.mW, l.mH]).toEqual([GRID_MINIMUMS[bp].w, GRID_MINIMUMS[bp].h]);
      }
    }
    expect(
      Object.values(d.widgets).filter((w) => WIDGET_CATALOGUE.find((c) => c.type === w.component)?.map).length,
    ).toBeLessThanOrEqual(1);
  });

  it('holds the widgets', () => {
    const types = (k: (typeof BUILTIN_KEYS)[number]) =>
      Object.values(builtinDashboard(k).widgets)
        .map((w) => w.component)
        .sort();
    expect(types('overview')).toEqual(['alarms', 'battery', 'deviceMap', 'status', 'temp', 'weather']);
    expect(types('units')).toEqual(['deviceList', 'deviceMap']);
    expect(types('alarms')).toEqual(['alarmList', 'alarmMap']);
    expect(types('map')).toEqual(['charts', 'deviceMap']);
    expect(types('telemetry')).toEqual(['charts', 'deviceList']);
    expect(types('parking')).toEqual(['parkingList', 'parkingMap', 'parkingStatistics']);
    expect(builtinDashboard('units').widgets['deviceList-units00000']?.props).toEqual({ multiSelect: true });
  });

  it('includes parking only with the Parking right', () => {
    expect(builtinsFor(false)).not.toContain('parking');
    expect(builtinsFor(true)).toEqual([...BUILTIN_KEYS]);
  });

  it('every widget type is in the catalogue once', () => {
    expect(WIDGET_CATALOGUE.map((w) => w.type)).toEqual([...WIDGET_TYPES]);
  });
});
