import { CircleAlert, RefreshCw, Users } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TIME_SLOT, TimeIn } from '@/ui/Time.tsx';
import './widgetState.css';

/** The loading, error, empty and "updated" parts every widget body shares. */

/** What kind of failure an error is, as an `errors.*` key: unreachable, unavailable or refused. */
function errorReasonKey(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return 'errors.offline';
  return error.status >= 500 ? 'errors.unavailable' : 'errors.refused';
}

type SkeletonShape = 'kpi' | 'list' | 'weather';

/** A skeleton in the widget's shape: a big figure and lines, or a table's rows. */
export function WidgetSkeleton({ shape }: { shape: SkeletonShape }) {
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

/**
 * What failed, why, and a retry. `text` replaces the kind of failure with words of the widget's own:
 * a known outage, said calmly as a status rather than an alert.
 */
export function WidgetError({
  title,
  error,
  onRetry,
  icon,
  text,
}: {
  title: string;
  error?: unknown;
  onRetry: () => void;
  icon?: ReactNode;
  text?: ReactNode;
}) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div className={text ? 'wstate' : 'wstate wstate--error'} role={text ? 'status' : 'alert'}>
      <EmptyState icon={icon ?? <CircleAlert size={20} />} title={title}>
        {/* The server's own words are technical English: the reader gets the kind of failure in
            their language, the detail only as a tooltip. */}
        <p className="wstate__text" title={detail || undefined}>
          {text ?? t(errorReasonKey(error))}
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
        {/* Cut to three lines in a small widget: the whole text as a tooltip and to screen readers. */}
        {text && (
          <p className="wstate__text" title={text}>
            {text}
          </p>
        )}
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

/** No customer is chosen in the top bar: there is nothing to show yet. */
export function NoCustomers() {
  const { t } = useTranslation();
  return <WidgetEmpty icon={<Users size={20} />} title={t('widgets.common.noCustomers')} />;
}

/** A query as the widget states read it. */
interface Loading {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a widget body shows instead of its data, or null once the data is there: no customer
 * chosen, a skeleton while a query loads, the first query that failed with nothing to show (a
 * retry reloads them all), then the widget's own empty state.
 */
export function widgetState({
  customers,
  shape,
  queries,
  failed,
  empty,
}: {
  customers: readonly number[];
  shape: SkeletonShape;
  queries: readonly Loading[];
  /** The error's title. */
  failed: string;
  empty?: false | { icon: ReactNode; title: string; text?: string };
}): ReactElement | null {
  if (customers.length === 0) return <NoCustomers />;
  if (queries.some((q) => q.isPending)) return <WidgetSkeleton shape={shape} />;
  const failure = queries.find((q) => q.isError && !q.data);
  if (failure) {
    const retry = () => {
      for (const q of queries) void q.refetch();
    };
    return <WidgetError title={failed} error={failure.error} onRetry={retry} />;
  }
  return empty ? <WidgetEmpty {...empty} /> : null;
}
