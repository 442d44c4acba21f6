import { GIS_TYPE_KEYS, type GisFeature } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { DRAW_ORDER, featureName, groupByType, hiddenTypes, LIST_ORDER, SYMBOL, toggleHidden } from './gisModel.ts';

const feature = (GISType: string, extra: Partial<GisFeature['properties']> = {}): GisFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [10, 56] },
  properties: { GISType: GISType as GisFeature['properties']['GISType'], CustomerID: 1, ...extra },
});

describe('GIS layer model', () => {
  it('orders and draws every GIS type exactly once', () => {
    expect([...DRAW_ORDER].sort()).toEqual([...GIS_TYPE_KEYS].sort());
    expect([...LIST_ORDER].sort()).toEqual([...GIS_TYPE_KEYS].sort());
    expect(Object.keys(SYMBOL).sort()).toEqual([...GIS_TYPE_KEYS].sort());
    // Areas under the pipes, the main pipe under the thinner ones.
    expect(DRAW_ORDER.indexOf('boilerPlant')).toBeLessThan(DRAW_ORDER.indexOf('mainPipe'));
    expect(DRAW_ORDER.indexOf('mainPipe')).toBeLessThan(DRAW_ORDER.indexOf('servicePipe'));
  });

  it('reads hidden types defensively from stored props', () => {
    expect(hiddenTypes(undefined)).toEqual([]);
    expect(hiddenTypes({ gisHidden: 'mainPipe' })).toEqual([]);
    expect(hiddenTypes({ gisHidden: ['mainPipe', 3, 'nope', null, 'mainPipe', 'valvePit'] })).toEqual([
      'mainPipe',
      'valvePit',
    ]);
  });

  it('toggles a type and keeps the other props', () => {
    const once = toggleHidden({ title: 'x', gisHidden: ['valvePit'] }, 'alarmWire');
    expect(once).toEqual({ title: 'x', gisHidden: ['alarmWire', 'valvePit'] });
    expect(toggleHidden(once, 'valvePit')).toEqual({ title: 'x', gisHidden: ['alarmWire'] });
    expect(toggleHidden(undefined, 'mainPipe')).toEqual({ gisHidden: ['mainPipe'] });
  });

  it('groups features by their GISType text and names them', () => {
    const unit = feature('measuring point', { UnitID: 4, UnitName: 'Unit 4' });
    const pit = feature('valve pit', { Name: 'Ventilbrønd 1' });
    const groups = groupByType([unit, pit, feature('no such type'), feature('valve pit', { Name: 'Ventilbrønd 2' })]);
    expect([...groups.keys()]).toEqual(['measuringPoint', 'valvePit']);
    expect(groups.get('valvePit')?.map(featureName)).toEqual(['Ventilbrønd 1', 'Ventilbrønd 2']);
    expect(featureName(unit)).toBe('Unit 4');
  });
});
