import { CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TIME_SLOT, TimeIn } from '@/ui/Time.tsx';
import './kpi.css';

/** What kind of failure an error is, as an `errors.*` key: unreachable, unavailable or refused. */
function errorReasonKey(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return 'errors.offline';
  return error.status >= 500 ? 'errors.unavailable' : 'errors.refused';
}

/** The loading, error, empty and "updated" parts every KPI, weather and list widget shares. */

/** A skeleton in the widget's shape: a big figure and lines, or a table's rows. */
export function WidgetSkeleton({ shape }: { shape: 'kpi' | 'list' | 'weather' }) {
  const { t } = useTranslation();
  return (
    <div className={`wskel wskel--${shape}`} role="status" aria-label={t('common.loading')}>
      {shape === 'kpi' && (
        <>
          <div className="skeleton wskel__figure" />
          <Skeleton lines={3} />
        </>
      )}
      {shape === 'weather' && (
        <>
          <div className="skeleton wskel__figure" />
          <Skeleton lines={5} />
        </>
      )}
      {shape === 'list' && (
        <>
          <div className="skeleton wskel__head" />
          <Skeleton lines={8} />
        </>
      )}
    </div>
  );
}

/** What failed, why, and a retry. */
export function WidgetError({
  title,
  error,
  onRetry,
  icon,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div className="wstate wstate--error" role="alert">
      <EmptyState icon={icon ?? <CircleAlert size={20} />} title={title}>
        {/* The server's own words are technical English: the reader gets the kind of failure in
            their language, the detail only as a tooltip. */}
        <p className="wstate__text" title={detail || undefined}>
          {t(errorReasonKey(error))}
        </p>
        <Button onClick={onRetry} icon={<RefreshCw size={14} aria-hidden />}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    </div>
  );
}

/** An empty state saying what would appear here and how to get it. */
export function WidgetEmpty({ icon, title, text }: { icon: ReactNode; title: string; text?: string }) {
  return (
    <div className="wstate">
      <EmptyState icon={icon} title={title}>
        {text && <p className="wstate__text">{text}</p>}
      </EmptyState>
    </div>
  );
}

/** "Updated 09:41" (the time of the data on screen); nothing before the first answer. */
export function Updated({ at }: { at: number }) {
  const { t } = useTranslation();
  if (!at) return null;
  return (
    <span className="wupdated">
      <TimeIn text={t('common.updated', { time: TIME_SLOT })} at={at} form="time" />
    </span>
  );
}
