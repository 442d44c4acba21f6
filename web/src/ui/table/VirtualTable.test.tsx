import { noLayout } from '@test/jsdom.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n.ts';
import type { Sort } from './sorting.ts';
import { type Column, VirtualTable } from './VirtualTable.tsx';

type Row = { id: number; name: string };

beforeAll(async () => {
  await initI18n('en');
  // Every box is 0 px: the table then assumes a 600 px viewport.
  noLayout();
});
afterEach(cleanup);

const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Unit ${i + 1}` }));
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { key: 'id', header: 'Id', align: 'end', cell: (r) => r.id },
];

function renderTable(
  opts: { multi?: boolean; selected?: number[]; sort?: Sort; widths?: Record<string, number> } = {},
) {
  const onSort = vi.fn();
  const onSelect = vi.fn();
  const onWidthsChange = vi.fn();
  const selected = new Set(opts.selected ?? []);
  render(
    <VirtualTable
      label="Units"
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      sort={opts.sort ?? { key: 'name', dir: 'asc' }}
      onSort={onSort}
      isSelected={(r) => selected.has(r.id)}
      multi={opts.multi ?? false}
      onSelect={onSelect}
      allState="none"
      selectAllLabel="Select all"
      widths={opts.widths ?? {}}
      onWidthsChange={onWidthsChange}
    />,
  );
  return { onSort, onSelect, onWidthsChange, grid: screen.getByRole('grid', { name: 'Units' }) };
}

describe('VirtualTable', () => {
  it('renders only a window of 10,000 rows and announces the full count', () => {
    const { grid } = renderTable();
    const bodyRows = grid.querySelectorAll('tbody tr:not(.vt__spacer)');
    expect(bodyRows.length).toBeGreaterThan(10);
    expect(bodyRows.length).toBeLessThan(60);
    expect(grid.getAttribute('aria-rowcount')).toBe('10001');
    expect(bodyRows[0]?.getAttribute('aria-rowindex')).toBe('2');
    // The spacer below stands in for the rest.
    const spacer = grid.querySelector('tbody tr.vt__spacer:last-child') as HTMLElement;
    expect(Number.parseInt(spacer.style.height, 10)).toBeGreaterThan(9000 * 32);
  });

  it('shows the sort on the header and asks for a new one on click', () => {
    const { onSort } = renderTable({ sort: { key: 'name', dir: 'desc' } });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    // Not sortable: no aria-sort at all.
    expect(screen.getByRole('columnheader', { name: 'Id' }).hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('marks selected rows and selects on click, passing shift', () => {
    const { grid, onSelect } = renderTable({ selected: [2] });
    const second = grid.querySelector('tbody tr[aria-rowindex="3"]') as HTMLElement;
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(grid.querySelector('tbody tr[aria-rowindex="2"]')?.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(grid.querySelector('tbody tr[aria-rowindex="4"]') as HTMLElement, { shiftKey: true });
    expect(onSelect).toHaveBeenCalledWith(rows[2], { shift: true });
  });

  it('moves with the arrow keys and selects with Enter and Space', () => {
    const { grid, onSelect } = renderTable();
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    const active = grid.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.getAttribute('aria-rowindex')).toBe('4');
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(rows[2], { shift: false });
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    fireEvent.keyDown(grid, { key: ' ', shiftKey: true });
    expect(onSelect).toHaveBeenLastCalledWith(rows[1], { shift: true });
  });

  it('resizes a column with the arrow keys on its header edge, keeping the other widths', () => {
    const { grid, onWidthsChange } = renderTable({ widths: { id: 80 } });
    const handle = screen.getByRole('separator', { name: 'Resize column Name' });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    const before = Number(handle.getAttribute('aria-valuenow'));
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(onWidthsChange).toHaveBeenLastCalledWith({ id: 80, name: before + 16 });
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize column Id' }), { key: 'ArrowLeft' });
    expect(onWidthsChange).toHaveBeenLastCalledWith({ id: 64 });
    // The keys stay with the handle: the grid's active row does not move.
    expect(grid.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('has a select-all checkbox and a box per row in multi select', () => {
    const { grid } = renderTable({ multi: true, selected: [1] });
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
    expect(grid.querySelector('tbody tr[aria-rowindex="2"] .vt__box')?.hasAttribute('data-checked')).toBe(true);
  });
});
