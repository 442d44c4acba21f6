import type { ErrorReport } from '@fieldwatch/core';
import { CheckCheck, ChevronLeft, ChevronRight, Monitor, Server, ShieldCheck } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Chip } from '@/ui/Chip.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Loaded, Section } from '../AdminParts.tsx';
import { useAdminChange } from '../adminApi.ts';
import { ERRORS_PAGE_SIZE, errorsApi, errorsKey, type SourceFilter, useErrorReports } from '../errorsApi.ts';
import { AdminTable } from './AdminTable.tsx';
import './errors.css';

const SOURCES: SourceFilter[] = ['all', 'browser', 'server'];

/** Where it happened: the browser's route, or the server's method and route pattern (or process event). */
function placeOf(r: ErrorReport): string {
  const c = r.context;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (r.source === 'browser') return text(c.route);
  return [text(c.method), text(c.route) || text(c.origin)].filter(Boolean).join(' ');
}

/**
 * Errors (platform administrator only): browser errors and unhandled server errors, grouped by kind
 * with how often and when they happened. Everything a report holds is shown as text, never as HTML.
 */
export function ErrorsTab() {
  const { t } = useTranslation();
  const [source, setSource] = useState<SourceFilter>('all');
  const [offset, setOffset] = useState(0);
  const reports = useErrorReports(source, offset);
  // Resolving the last report of a later page leaves it empty: step back to one that has reports.
  const emptyPage = offset > 0 && reports.data?.reports.length === 0;
  useEffect(() => {
    if (emptyPage) setOffset((o) => Math.max(0, o - ERRORS_PAGE_SIZE));
  }, [emptyPage]);
  const filter = (s: SourceFilter) => {
    setSource(s);
    setOffset(0);
  };
  return (
    <Section
      title={t('admin.errors.title')}
      description={t('admin.errors.text')}
      actions={
        <fieldset className="chip-group">
          <legend className="visually-hidden">{t('admin.errors.source')}</legend>
          {SOURCES.map((s) => (
            <Chip key={s} pressed={source === s} onClick={() => filter(s)}>
              {t(`admin.errors.sources.${s}`)}
            </Chip>
          ))}
        </fieldset>
      }
    >
      <Loaded query={reports} lines={6}>
        {(page) =>
          page.total === 0 ? (
            <EmptyState icon={<ShieldCheck size={26} />} title={t('admin.errors.none')}>
              <p>{t(source === 'all' ? 'admin.errors.noneText' : 'admin.errors.noneOfSource')}</p>
            </EmptyState>
          ) : (
            <>
              <ReportTable reports={page.reports} />
              <Pager total={page.total} offset={offset} onOffset={setOffset} />
            </>
          )
        }
      </Loaded>
    </Section>
  );
}

function ReportTable({ reports }: { reports: ErrorReport[] }) {
  const { t, i18n } = useTranslation();
  const when = useDateFormat();
  const [open, setOpen] = useState<number | null>(null);
  const resolve = useAdminChange((r: ErrorReport) => errorsApi.resolve(r.id), {
    refresh: [errorsKey],
    done: () => t('admin.errors.resolved'),
  });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <AdminTable
      className="admin-table errors-table"
      caption={t('admin.errors.title')}
      columns={[
        t('admin.errors.message'),
        t('admin.errors.source'),
        { label: t('admin.errors.count'), className: 'num' },
        t('admin.errors.lastSeen'),
        t('admin.errors.who'),
      ]}
      actions={t('admin.errors.actions')}
    >
      {reports.map((r) => {
        const expanded = open === r.id;
        const place = placeOf(r);
        return (
          <Fragment key={r.id}>
            <tr className={expanded ? 'errors-table__row--open' : undefined}>
              <td className="admin-table__main errors-table__message">
                <button
                  type="button"
                  className="errors-table__toggle"
                  aria-expanded={expanded}
                  aria-controls={`error-${r.id}`}
                  onClick={() => setOpen(expanded ? null : r.id)}
                >
                  <ChevronRight size={16} aria-hidden className="errors-table__chevron mirror" />
                  <span className="errors-table__text" dir="auto">
                    {r.message}
                  </span>
                </button>
                {place && (
                  <code className="admin-code errors-table__place" dir="ltr">
                    <span className="visually-hidden">{t('admin.errors.route')}: </span>
                    {place}
                  </code>
                )}
              </td>
              <td data-label={t('admin.errors.source')}>
                <span className={`errors-source errors-source--${r.source}`}>
                  {r.source === 'browser' ? <Monitor size={14} aria-hidden /> : <Server size={14} aria-hidden />}
                  {t(`admin.errors.sources.${r.source}`)}
                </span>
              </td>
              <td data-label={t('admin.errors.count')} className="num">
                {number.format(r.count)}
              </td>
              <td data-label={t('admin.errors.lastSeen')}>
                <span className="errors-when">
                  <time dateTime={r.lastSeen}>{when.dateTime(r.lastSeen)}</time>
                  <span className="muted">{t('admin.errors.firstSeenAt', { time: when.dateTime(r.firstSeen) })}</span>
                </span>
              </td>
              <td data-label={t('admin.errors.who')}>
                {r.user ? (
                  <span className="errors-who">
                    <span>{r.user.username}</span>
                    {r.organization && <span className="muted">{r.organization.name}</span>}
                  </span>
                ) : (
                  <span className="muted">{t('admin.errors.anonymous')}</span>
                )}
              </td>
              <td className="admin-table__end">
                <Button
                  variant="ghost"
                  icon={<CheckCheck size={16} aria-hidden />}
                  disabled={resolve.isPending && resolve.variables?.id === r.id}
                  onClick={() => void resolve.mutateAsync(r).catch(() => {})}
                >
                  {t('admin.errors.resolve')}
                  <span className="visually-hidden"> ({r.message.slice(0, 80)})</span>
                </Button>
              </td>
            </tr>
            {expanded && (
              <tr className="errors-table__details" id={`error-${r.id}`}>
                <td colSpan={6}>
                  <Details report={r} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </AdminTable>
  );
}

/** The stack and the latest occurrence's context, as plain text. */
function Details({ report }: { report: ErrorReport }) {
  const { t } = useTranslation();
  return (
    <div className="errors-details">
      <section className="errors-details__part">
        <h3 className="errors-details__title">{t('admin.errors.stack')}</h3>
        <pre className="errors-details__pre">{report.stack || t('admin.errors.noStack')}</pre>
      </section>
      <section className="errors-details__part">
        <h3 className="errors-details__title">{t('admin.errors.context')}</h3>
        <pre className="errors-details__pre">{JSON.stringify(report.context, null, 2)}</pre>
      </section>
    </div>
  );
}

function Pager({ total, offset, onOffset }: { total: number; offset: number; onOffset: (o: number) => void }) {
  const { t } = useTranslation();
  const to = Math.min(total, offset + ERRORS_PAGE_SIZE);
  return (
    <div className="errors-pager">
      <p className="admin-count muted">
        {total > ERRORS_PAGE_SIZE
          ? t('admin.errors.range', { from: offset + 1, to, count: total })
          : t('admin.errors.total', { count: total })}
      </p>
      {total > ERRORS_PAGE_SIZE && (
        <div className="errors-pager__buttons">
          <IconButton
            label={t('admin.errors.previous')}
            disabled={offset === 0}
            onClick={() => onOffset(Math.max(0, offset - ERRORS_PAGE_SIZE))}
          >
            <ChevronLeft size={16} aria-hidden className="mirror" />
          </IconButton>
          <IconButton label={t('admin.errors.next')} disabled={to >= total} onClick={() => onOffset(to)}>
            <ChevronRight size={16} aria-hidden className="mirror" />
          </IconButton>
        </div>
      )}
    </div>
  );
}
