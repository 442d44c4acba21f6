import { describe, expect, it } from 'vitest';
import { moveActive, selectionState, selectRow, toggleAll } from './selection.ts';

const order = [10, 20, 30, 40, 50];

describe('selectRow, single select', () => {
  it('makes the clicked row the selection', () => {
    expect(selectRow([10, 20], order, 30, { multi: false })).toEqual({ selected: [30], anchor: 30 });
  });
  it('clears it when the selected row is chosen again', () => {
    expect(selectRow([30], order, 30, { multi: false }).selected).toEqual([]);
  });
  it('ignores shift', () => {
    expect(selectRow([10], order, 40, { multi: false, shift: true, anchor: 10 }).selected).toEqual([40]);
  });
});

describe('selectRow, multi select', () => {
  it('toggles the clicked row and makes it the anchor', () => {
    expect(selectRow([10], order, 30, { multi: true })).toEqual({ selected: [10, 30], anchor: 30 });
    expect(selectRow([10, 30], order, 10, { multi: true })).toEqual({ selected: [30], anchor: 10 });
  });

  it('adds the range from the anchor with shift, in either direction, keeping the anchor', () => {
    expect(selectRow([20], order, 40, { multi: true, shift: true, anchor: 20 })).toEqual({
      selected: [20, 30, 40],
      anchor: 20,
    });
    expect(selectRow([50], order, 20, { multi: true, shift: true, anchor: 50 }).selected.sort()).toEqual([
      20, 30, 40, 50,
    ]);
  });

  it('keeps selected units the list does not show', () => {
    expect(selectRow([99], order, 10, { multi: true }).selected).toEqual([99, 10]);
    expect(selectRow([99], order, 30, { multi: true, shift: true, anchor: 10 }).selected).toEqual([99, 10, 20, 30]);
  });

  it('toggles when shift has no anchor in the list', () => {
    expect(selectRow([], order, 30, { multi: true, shift: true, anchor: 77 })).toEqual({ selected: [30], anchor: 30 });
  });
});

describe('toggleAll and selectionState', () => {
  it('adds every shown row, or removes them all when all are selected', () => {
    expect(toggleAll([99, 20], order)).toEqual([99, 20, 10, 30, 40, 50]);
    expect(toggleAll([99, ...order], order)).toEqual([99]);
  });
  it('tells all, some or none', () => {
    expect(selectionState(new Set(order), order)).toBe('all');
    expect(selectionState(new Set([20, 99]), order)).toBe('some');
    expect(selectionState(new Set([99]), order)).toBe('none');
    expect(selectionState(new Set(), [])).toBe('none');
  });
});

describe('moveActive', () => {
  it('moves with arrows, pages and Home/End, staying in the list', () => {
    expect(moveActive('ArrowDown', -1, 5, 3)).toBe(0);
    expect(moveActive('ArrowDown', 4, 5, 3)).toBe(4);
    expect(moveActive('ArrowUp', 0, 5, 3)).toBe(0);
    expect(moveActive('ArrowUp', 3, 5, 3)).toBe(2);
    expect(moveActive('PageDown', 1, 5, 3)).toBe(4);
    expect(moveActive('PageUp', 1, 5, 3)).toBe(0);
    expect(moveActive('Home', 3, 5, 3)).toBe(0);
    expect(moveActive('End', 0, 5, 3)).toBe(4);
  });
  it('ignores other keys and empty lists', () => {
    expect(moveActive('a', 1, 5, 3)).toBeUndefined();
    expect(moveActive('ArrowDown', -1, 0, 3)).toBeUndefined();
  });
});
