import { addLinkGroup, builtinDashboard, type DashboardModel, linkWidget } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { unitPickers } from './unitPickers.ts';

const chartOf = (d: DashboardModel) => Object.keys(d.widgets).find((id) => d.widgets[id]?.component === 'charts') ?? '';

describe('where a chart asks its unit to be picked', () => {
  it('in the list on the data view, on the map on the map view', () => {
    const data = builtinDashboard('telemetry');
    expect(unitPickers(data, chartOf(data))).toBe('list');
    const map = builtinDashboard('map');
    expect(unitPickers(map, chartOf(map))).toBe('map');
  });

  it('nowhere once the chart has a link group of its own, or is set to pick by hand', () => {
    const data = builtinDashboard('telemetry');
    const { dashboard, id } = addLinkGroup(data, 'Second');
    expect(unitPickers(linkWidget(dashboard, chartOf(data), id), chartOf(data))).toBe('none');
    const chart = chartOf(data);
    const manual = {
      ...data,
      widgets: { ...data.widgets, [chart]: { ...data.widgets[chart], settings: { manual: true } } },
    };
    expect(unitPickers(manual as DashboardModel, chart)).toBe('none');
  });

  it('in the list and on the map when both share its link group', () => {
    const data = builtinDashboard('telemetry');
    const list = Object.keys(data.widgets).find((id) => data.widgets[id]?.component === 'deviceList') ?? '';
    const both = {
      ...data,
      widgets: { ...data.widgets, extra: { ...data.widgets[list], component: 'deviceMap' } },
    } as DashboardModel;
    expect(unitPickers(both, chartOf(data))).toBe('listOrMap');
  });
});
