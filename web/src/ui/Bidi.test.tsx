import { noLayout } from '@test/jsdom.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '@/i18n/i18n.ts';
import { Line, Ltr, Value } from './Bidi.tsx';
import { VirtualTable } from './table/VirtualTable.tsx';

beforeAll(async () => {
  await initI18n('en');
  noLayout();
});
afterEach(cleanup);
afterAll(() => changeLanguage('en'));

const FSI = '\u2068';
const PDI = '\u2069';

describe('right-to-left building blocks', () => {
  it('a Value is one left-to-right isolate with a real minus sign and its unit', async () => {
    render(<Value value={-75} unit="dBm" />);
    const en = screen.getByText(/75/);
    expect(en.tagName).toBe('BDI');
    expect(en.getAttribute('dir')).toBe('ltr');
    expect(en.textContent).toBe('\u221275\u00a0dBm');

    cleanup();
    await act(() => changeLanguage('ar'));
    render(<Value value={-75} unit="dBm" />);
    const ar = screen.getByText(/75/);
    expect(ar.getAttribute('dir')).toBe('ltr');
    expect(ar.textContent?.replace(/[\u2066-\u2069\u200e]/g, '')).toBe('\u221275\u00a0dBm');
    await act(() => changeLanguage('en'));
  });

  it('a Line keeps its own direction; Ltr always reads left to right', () => {
    render(
      <>
        <Line>Kungsholmsgatan K17</Line>
        <Ltr>#X3-D00200</Ltr>
      </>,
    );
    expect(screen.getByText('Kungsholmsgatan K17').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('Kungsholmsgatan K17').className).toContain('line');
    expect(screen.getByText('#X3-D00200').tagName).toBe('BDI');
    expect(screen.getByText('#X3-D00200').getAttribute('dir')).toBe('ltr');
  });

  it('every table cell is isolated in its own direction', () => {
    render(
      <VirtualTable
        label="Units"
        rows={[{ id: 1, location: 'Kungsholmsgatan K17' }]}
        rowKey={(r) => r.id}
        columns={[{ key: 'location', header: 'Location', cell: (r) => r.location }]}
        sort={{ key: 'location', dir: 'asc' }}
        onSort={() => {}}
        isSelected={() => false}
        multi={false}
        onSelect={() => {}}
      />,
    );
    const cell = screen.getByText('Kungsholmsgatan K17');
    expect(cell.getAttribute('dir')).toBe('auto');
    expect(cell.closest('td')).not.toBeNull();
  });

  it('a value put into a sentence is a bidi isolate in Arabic only', async () => {
    expect(i18n.t('devices.reported', { time: '10:42' })).not.toContain(FSI);
    await act(() => changeLanguage('ar'));
    const sentence = i18n.t('devices.reported', { time: '10:42' });
    expect(sentence).toContain(`${FSI}10:42${PDI}`);
    await act(() => changeLanguage('en'));
  });
});
