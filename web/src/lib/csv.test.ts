import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and keeps formulas as text', () => {
    expect(
      toCsv([
        ['Unit', 'Battery voltage · Min (V)'],
        ['Pump "north", 1', 3.5],
        ['=HYPERLINK()', undefined],
      ]),
    ).toBe('Unit,Battery voltage · Min (V)\r\n"Pump ""north"", 1",3.5\r\n\'=HYPERLINK(),');
  });
  it('names the file after the title and the day', () => {
    expect(csvFileName('Pumps / Nord', '2026-03-05')).toBe('pumps-nord-2026-03-05.csv');
    expect(csvFileName('€€', '2026-03-05')).toBe('report-2026-03-05.csv');
  });
});
