import { useQuery } from '@tanstack/react-query';
import { BatteryFull, BatteryLow, BatteryMedium } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceStore } from '@/stores/devices.ts';
import { useCustomerIds } from '../../data.ts';
import { kpiBatteryQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber } from '../common/format.ts';
import { batteryProps, classifyBattery } from '../common/props.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import { type BatteryBin, batterySummary } from './kpiMath.ts';
import '../common/kpiLayout.css';
import './kpi.css';

/**
 * Battery (the GetKPIBattery call): units with a low battery (below their battery alarm
 * level) before those that are fine, and a histogram of the latest voltages in 0.1 V steps.
 */
export function BatteryWidget({ widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const q = useQuery({
    ...kpiBatteryQuery(customers, refreshKey),
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });
  const { lowThreshold } = useMemo(() => batteryProps(widget.props), [widget.props]);
  const summary = useMemo(() => batterySummary(classifyBattery(q.data ?? [], lowThreshold)), [q.data, lowThreshold]);

  const state = widgetState({
    customers,
    shape: 'kpi',
    queries: [q],
    failed: t('widgets.battery.failed'),
    empty: summary.total === 0 && {
      icon: <BatteryMedium size={20} />,
      title: t('widgets.battery.empty'),
      text: t('widgets.battery.emptyText'),
    },
  });
  if (state) return state;

  const v = (x: number) => t('widgets.common.volt', { value: formatNumber(lang, x, 1, 1) });
  return (
    <div className="kpi kpi--battery">
      <div className="battery-split">
        <div className="battery-stat" data-state={summary.low > 0 ? 'low' : 'none'}>
          <BatteryLow size={18} aria-hidden className="battery-stat__icon" />
          <span className="kpi__figure">{formatNumber(lang, summary.low)}</span>
          <span className="battery-stat__word">
            {lowThreshold === undefined
              ? t('widgets.battery.low')
              : t('widgets.battery.lowBelow', { voltage: v(lowThreshold) })}
          </span>
        </div>
        <div className="battery-stat" data-state="ok">
          <BatteryFull size={18} aria-hidden className="battery-stat__icon" />
          <span className="kpi__figure">{formatNumber(lang, summary.ok)}</span>
          <span className="battery-stat__word">{t('widgets.battery.ok')}</span>
        </div>
      </div>
      <Histogram bins={summary.bins} v={v} />
      <div className="kpi__foot">
        <Updated at={q.dataUpdatedAt} />
      </div>
    </div>
  );
}

/** Stacked bars per voltage step: low in the alarm colour (with the word in each bar's label), the rest neutral. */
function Histogram({ bins, v }: { bins: readonly BatteryBin[]; v: (x: number) => string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...bins.map((b) => b.low + b.ok));
  const first = bins[0];
  const last = bins[bins.length - 1];
  return (
    <figure className="histo" aria-label={t('widgets.battery.histogram')}>
      <div className="histo__bars">
        {bins.map((b) => {
          const label = t('widgets.battery.bin', {
            voltage: v(b.voltage),
            low: b.low,
            ok: b.ok,
          });
          return (
            <div key={b.voltage} className="histo__bar" title={label} role="img" aria-label={label}>
              {b.ok > 0 && <span className="histo__ok" style={{ height: `${(b.ok / max) * 100}%` }} />}
              {b.low > 0 && <span className="histo__low" style={{ height: `${(b.low / max) * 100}%` }} />}
            </div>
          );
        })}
      </div>
      {first && last && (
        <figcaption className="histo__axis">
          <span>{v(first.voltage)}</span>
          {last !== first && <span>{v(last.voltage)}</span>}
        </figcaption>
      )}
    </figure>
  );
}
