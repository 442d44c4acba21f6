import { describe, expect, it } from 'vitest';
import { relaySettings } from './relaySettings.ts';

describe('relay widget settings', () => {
  it('reads its settings defensively', () => {
    expect(relaySettings({})).toEqual({ unitId: null, labels: [], confirm: false });
    expect(relaySettings({ unitId: '42', labels: ['Pump', 3, null], confirm: true })).toEqual({
      unitId: 42,
      labels: ['Pump', '', ''],
      confirm: true,
    });
    expect(relaySettings({ unitId: -1, labels: 'x', confirm: 'yes' })).toEqual({
      unitId: null,
      labels: [],
      confirm: false,
    });
  });
});
