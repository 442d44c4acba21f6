import { expect, it } from 'vitest';
import { attachToastDisplay, type Toast, toast } from './toast.ts';

it('holds toasts until a display attaches, then flushes them in order', () => {
  toast('first', 'danger');
  toast('second');
  const shown: Toast[] = [];
  const detach = attachToastDisplay((t) => shown.push(t));
  expect(shown.map((t) => [t.message, t.variant])).toEqual([
    ['first', 'danger'],
    ['second', 'info'],
  ]);
  toast('third', 'success');
  expect(shown.map((t) => t.message)).toEqual(['first', 'second', 'third']);
  detach();
  toast('queued again');
  const later: Toast[] = [];
  attachToastDisplay((t) => later.push(t));
  expect(later.map((t) => t.message)).toEqual(['queued again']);
});
