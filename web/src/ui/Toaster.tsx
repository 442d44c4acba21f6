import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { attachToastDisplay, TOAST_LIFETIME_MS, type Toast } from '@/lib/toast.ts';
import { IconButton } from './Button.tsx';

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, danger: CircleAlert };

/** The toast display: attaching it flushes toasts queued before it existed. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(
    () =>
      attachToastDisplay((t) => {
        setToasts((list) => [...list, t]);
        setTimeout(() => setToasts((list) => list.filter((x) => x.id !== t.id)), TOAST_LIFETIME_MS);
      }),
    [],
  );
  return (
    <section className="toaster" aria-live="polite">
      {toasts.map((t) => {
        const Icon = icons[t.variant];
        return (
          <div
            key={t.id}
            className={`toast toast--${t.variant}`}
            role={t.variant === 'danger' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <Icon size={18} aria-hidden />
            {/* A server's English error in an Arabic page reads in its own direction. */}
            <span className="toast__message" dir="auto">
              {t.message}
            </span>
            <IconButton label={closeLabel} onClick={() => setToasts((list) => list.filter((x) => x.id !== t.id))}>
              <X size={16} />
            </IconButton>
          </div>
        );
      })}
    </section>
  );
}
