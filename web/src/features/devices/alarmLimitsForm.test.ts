import { describe, expect, it } from 'vitest';
import { limitsFromTexts, limitTexts } from './alarmLimitsForm.ts';

describe('alarm limits table', () => {
  const limits = { resistance: [10, 5], loopMax: 60, battery: 3.3, channels: { '2': { resistance: [20] } } };

  it('shows the unit column and the channels that differ, empty where a channel takes the unit limit', () => {
    const texts = limitTexts(limits, [1, 2]);
    expect(texts['resistance.0']).toEqual({ unit: '10', '1': '', '2': '20' });
    expect(texts['resistance.2']).toEqual({ unit: '', '1': '', '2': '' });
    expect(texts.battery).toEqual({ unit: '3.3' });
  });

  it('reads the table back into the same limits', () => {
    expect(limitsFromTexts(limitTexts(limits, [1, 2]), [1, 2])).toEqual({ limits, problems: [] });
  });

  it('refuses negative or non-numeric cells and a gap before a filled level', () => {
    const texts = limitTexts(limits, [1]);
    texts['resistance.0'] = { unit: '-1', '1': '' };
    texts['galvanic.1'] = { unit: '', '1': '300' };
    texts.loopMax = { unit: 'x', '1': '' };
    expect(limitsFromTexts(texts, [1]).problems).toEqual([
      { row: 'resistance.0', column: 'unit', rule: 'number' },
      { row: 'loopMax', column: 'unit', rule: 'number' },
      { row: 'galvanic.1', column: '1', rule: 'order' },
    ]);
  });

  it('accepts a decimal comma', () => {
    const texts = limitTexts({}, []);
    texts.battery = { unit: '3,4' };
    expect(limitsFromTexts(texts, []).limits).toEqual({ battery: 3.4 });
  });
});
