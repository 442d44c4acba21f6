import { addWidget, emptyDashboard, type WidgetType } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { storeEntries } from './storeMath.ts';

const built = new Set<WidgetType>(['status', 'temp', 'deviceMap', 'alarmMap', 'parkingList', 'list', 'widgetStore']);
const isBuilt = (t: WidgetType) => built.has(t);

describe('storeEntries', () => {
  it('lists the built types not on the dashboard, never itself, and counts the announced ones', () => {
    let d = emptyDashboard();
    d = addWidget(d, 'status').dashboard;
    d = addWidget(d, 'widgetStore').dashboard;
    const { entries, announced } = storeEntries(d, isBuilt, true);
    expect(entries.map((e) => e.type).sort()).toEqual(['alarmMap', 'deviceMap', 'list', 'parkingList', 'temp']);
    expect(entries.every((e) => e.state === 'add')).toBe(true);
    // Every catalogue type that is not built, the store itself left out.
    expect(announced).toBe(23 - built.size);
  });

  it('marks a second map and parking without the right, after what can be added', () => {
    const d = addWidget(emptyDashboard(), 'deviceMap').dashboard;
    const { entries } = storeEntries(d, isBuilt, false);
    expect(entries).toEqual([
      { type: 'status', state: 'add' },
      { type: 'temp', state: 'add' },
      { type: 'list', state: 'add' },
      { type: 'alarmMap', state: 'oneMap' },
      { type: 'parkingList', state: 'needsParking' },
    ]);
  });
});
