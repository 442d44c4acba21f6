import { type Device, isParkingType } from '@fieldwatch/core';
import { SquareParking } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerIds, useDateRange, useFilteredDevices, useSelectedUnits, useShowValues } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber, formatPercent } from '../common/format.ts';
import { parkingProps } from '../common/props.ts';
import { useParkingDays, useParkingUsage } from '../common/reportApi.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import { parkingNow, topByOccupancy } from './kpiMath.ts';
import { ParkingDays } from './ParkingDays.tsx';
import '../common/kpiLayout.css';
import './kpi.css';

const isParkingDevice = (d: Device) => isParkingType(d.type.code);
const TOP = 5;

/**
 * Parking statistics (GetReportParkingUsage, by default over 8:00–17:00): the share of the daily
 * window the dashboard's parking bays were occupied over the date interval, how many are occupied
 * right now (latest Occupied value) and the busiest bays.
 */
export function ParkingStatisticsWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const parking = useFilteredDevices(dashboardId, isParkingDevice);
  const ids = useMemo(() => parking.data.map((d) => d.id).sort((a, b) => a - b), [parking.data]);
  const range = useDateRange();
  const win = useMemo(() => parkingProps(widget.props), [widget.props]);
  const report = useParkingUsage(ids, range, win);
  const days = useParkingDays(ids, range, win);
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const focus = selected?.length === 1 && ids.includes(selected[0] ?? -1) ? selected[0] : undefined;
  const values = useShowValues();
  const now = useMemo(() => parkingNow(ids, values.data ?? []), [ids, values.data]);

  const failed = t('widgets.parkingStatistics.failed');
  const bays = widgetState({
    customers,
    shape: 'kpi',
    queries: [parking],
    failed,
    empty: ids.length === 0 && {
      icon: <SquareParking size={20} />,
      title: t('widgets.parkingStatistics.empty'),
      text: t('widgets.parkingStatistics.emptyText'),
    },
  });
  if (bays) return bays;
  const state = widgetState({ customers, shape: 'kpi', queries: [report], failed });
  // Without a state to show, the report is there.
  if (state || !report.data) return state;

  const totals = report.data.Totals;
  const top = topByOccupancy(report.data, TOP);
  const known = now.occupied + now.free;
  const windowText = t('widgets.parkingStatistics.window', {
    start: report.data.StartDay.slice(0, 5),
    stop: report.data.StopDay.slice(0, 5),
  });

  return (
    <div className="kpi kpi--parking">
      <div className="parking-head">
        <Gauge share={totals.Occupancy} label={formatPercent(lang, totals.Occupancy)} />
        <div className="parking-head__text">
          <p className="kpi__caption" title={t('widgets.parkingStatistics.windowHelp')}>
            {t('widgets.parkingStatistics.occupancy')} <span className="kpi__meta">{windowText}</span>
          </p>
          <dl className="kpi-pair kpi-pair--tight">
            <div>
              <dt>{t('widgets.parkingStatistics.occupiedNow')}</dt>
              <dd>{formatNumber(lang, now.occupied)}</dd>
            </div>
            <div>
              <dt>{t('widgets.parkingStatistics.freeNow')}</dt>
              <dd>{formatNumber(lang, now.free)}</dd>
            </div>
          </dl>
          {known > 0 && (
            <div
              className="share-bar"
              role="img"
              aria-label={t('widgets.parkingStatistics.nowLabel', { occupied: now.occupied, free: now.free })}
            >
              <span className="share-bar__fill" style={{ inlineSize: `${(now.occupied / known) * 100}%` }} />
            </div>
          )}
        </div>
      </div>
      {top.length > 0 && (
        <section className="parking-top" aria-label={t('widgets.parkingStatistics.busiest')}>
          <h3 className="kpi__label">{t('widgets.parkingStatistics.busiest')}</h3>
          <ol>
            {top.map((u) => (
              <li key={u.UnitID} className="parking-top__row">
                <span className="parking-top__name" title={u.UnitName}>
                  {u.UnitName}
                </span>
                <span className="share-bar share-bar--thin" aria-hidden>
                  <span className="share-bar__fill" style={{ inlineSize: `${u.Occupancy * 100}%` }} />
                </span>
                <span className="parking-top__value">{formatPercent(lang, u.Occupancy)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {days.data && days.data.length > 1 && <ParkingDays days={days.data} unitId={focus} lang={lang} />}
      <div className="kpi__foot">
        <span>{t('widgets.parkingStatistics.bays', { count: ids.length, n: formatNumber(lang, ids.length) })}</span>
        <Updated at={report.dataUpdatedAt} />
      </div>
    </div>
  );
}

/** A ring filled to `share` (0–1), the value written inside. */
function Gauge({ share, label }: { share: number; label: string }) {
  const r = 40;
  const length = 2 * Math.PI * r;
  const filled = Math.max(0, Math.min(1, share)) * length;
  return (
    <div className="gauge">
      <svg viewBox="0 0 100 100" aria-hidden>
        <circle className="gauge__track" cx="50" cy="50" r={r} />
        <circle
          className="gauge__fill"
          cx="50"
          cy="50"
          r={r}
          strokeDasharray={`${filled} ${length}`}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <span className="gauge__value">{label}</span>
    </div>
  );
}
