import { CUSTOM_RANGE, intervalRange, TIME_RANGES } from '@fieldwatch/core';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceStore } from '@/stores/devices.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import './radarStates.css';

/** What would appear here and how to get it. */
export function RadarEmpty({ icon, title, text }: { icon: ReactNode; title: string; text?: string }) {
  return (
    <div className="radar-state">
      <EmptyState icon={icon} title={title}>
        {text && <p className="radar-state__text">{text}</p>}
      </EmptyState>
    </div>
  );
}

/** What failed, why, and a retry. */
export function RadarError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div className="radar-state radar-state--error" role="alert">
      <EmptyState icon={<CircleAlert size={20} />} title={title}>
        {reason && <p className="radar-state__text">{reason}</p>}
        <Button onClick={onRetry} icon={<RefreshCw size={14} aria-hidden />}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    </div>
  );
}

/** The dashboards' date interval (the device store's) as [start, end); a refresh moves "now". */
export function useRadarRange() {
  const dateInterval = useDeviceStore((s) => s.dateInterval);
  const custom = useDeviceStore((s) => s.customRange);
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refresh moves "now"
  return useMemo(() => intervalRange(dateInterval, new Date(), custom), [dateInterval, custom, refreshKey]);
}

/**
 * The period the date list covers: the dashboards' time range (shared, so a range chosen on a
 * dashboard holds here too). A custom period set on a dashboard is kept and shown as such.
 */
export function RangeSelect() {
  const { t } = useTranslation();
  const dateInterval = useDeviceStore((s) => s.dateInterval);
  const custom = useDeviceStore((s) => s.customRange);
  const options = TIME_RANGES.map((r, i) => ({
    value: String(i),
    label: t(`timeRange.long.${r.key}`).replace(/…$/, ''),
    disabled: i === CUSTOM_RANGE && !custom,
  })).filter((o) => o.value !== String(CUSTOM_RANGE) || (dateInterval === CUSTOM_RANGE && custom));
  return (
    <Select
      className="radar__range"
      label={t('timeRange.label')}
      value={String(dateInterval)}
      options={options}
      onChange={(e) => useDeviceStore.setState({ dateInterval: Number(e.target.value) })}
    />
  );
}
