import type { UnitStatus } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setDashboardFilter } from '@/stores/dashboards.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { StatusDot } from '@/ui/StatusLabel.tsx';
import { useCustomerIds, useDashboardFilter } from '../../data.ts';
import { statusCountsQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber, formatPercent } from '../common/format.ts';
import { statusProps } from '../common/props.ts';
import { Updated, WidgetEmpty, widgetState } from '../common/WidgetState.tsx';
import { roundedShares, STATUS_ORDER } from './kpiMath.ts';
import '../common/kpiLayout.css';
import '../common/statusBar.css';
import './kpi.css';

/**
 * Status (overview): the dashboard's units counted by status in the status colours, each with
 * its word, count and share, over a proportional bar. A status row toggles the dashboard's status
 * filter; the counts leave that part of the filter out so every status stays visible to pick. The
 * server counts (statusCounts): a few bytes instead of every unit's row, so the figure shows first.
 */
export function StatusWidget({ dashboardId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const filter = useDashboardFilter(dashboardId);
  const { statuses: shown, showBar } = useMemo(() => statusProps(widget.props), [widget.props]);
  const q = useQuery({
    ...statusCountsQuery(customers, filter, refreshKey),
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });

  const state = widgetState({ customers, shape: 'kpi', queries: [q], failed: t('widgets.status.failed') });
  const counts = q.data;
  // Without a state to show, the counts are there.
  if (state || !counts) return state;
  const total = shown.reduce((n, s) => n + counts[s], 0);
  if (total === 0) {
    return <WidgetEmpty icon={<Activity size={20} />} title={t('widget.noUnits')} text={t('widget.noUnitsText')} />;
  }

  const picked = STATUS_ORDER.filter((s) => filter.unitStatus[s]);
  const narrowing = picked.length > 0 && picked.length < STATUS_ORDER.length;
  const shares = roundedShares(shown.map((s) => counts[s]));
  const toggle = (s: UnitStatus) => {
    const { textSearch: _transient, ...rest } = filter;
    void setDashboardFilter(dashboardId, {
      ...rest,
      textSearch: '',
      unitStatus: { ...filter.unitStatus, [s]: !filter.unitStatus[s] },
    }).catch(() => {});
  };
  const summary = shown.map((s) => `${t(`status.${s}`)} ${counts[s]}`).join(', ');

  return (
    <div className="kpi kpi--status">
      <div className="kpi__hero">
        <span className="kpi__figure">{formatNumber(lang, total)}</span>
        <span className="kpi__caption">{t('widgets.status.units', { count: total })}</span>
      </div>
      {showBar && (
        <div className="status-bar" role="img" aria-label={summary}>
          {shown.map((s) =>
            counts[s] > 0 ? (
              <span
                key={s}
                className={`status-bar__part status-bar__part--${s}`}
                style={{ flexGrow: counts[s] }}
                data-dim={(narrowing && !filter.unitStatus[s]) || undefined}
              />
            ) : null,
          )}
        </div>
      )}
      <ul className="status-rows">
        {shown.map((s, i) => (
          <li key={s}>
            <button
              type="button"
              className="status-row"
              aria-pressed={filter.unitStatus[s]}
              data-dim={(narrowing && !filter.unitStatus[s]) || undefined}
              title={t('widgets.status.filterBy', { status: t(`status.${s}`) })}
              onClick={() => toggle(s)}
            >
              <StatusDot status={s} />
              <span className="status-row__word">{t(`status.${s}`)}</span>
              <span className="status-row__count">{formatNumber(lang, counts[s])}</span>
              <span className="status-row__share">{formatPercent(lang, (shares[i] ?? 0) / 100)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="kpi__foot">
        <Updated at={q.dataUpdatedAt} />
      </div>
    </div>
  );
}
