/** Toasts: queued until a display attaches, then flushed in order. */
export type ToastVariant = 'info' | 'success' | 'warning' | 'danger';
export type Toast = { id: number; message: string; variant: ToastVariant };

/** How long a toast stays unless closed. */
export const TOAST_LIFETIME_MS = 6000;

type Display = (toast: Toast) => void;
let display: Display | undefined;
const queue: Toast[] = [];
let nextId = 1;

export function toast(message: string, variant: ToastVariant = 'info') {
  const t = { id: nextId++, message, variant };
  if (display) display(t);
  else queue.push(t);
}

/** Attaches the display channel, flushing what was queued; returns the detach function. */
export function attachToastDisplay(fn: Display): () => void {
  display = fn;
  for (const t of queue.splice(0)) fn(t);
  return () => {
    if (display === fn) display = undefined;
  };
}
