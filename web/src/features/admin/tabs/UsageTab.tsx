import './usage.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Chip } from '@/ui/Chip.tsx';
import { Loaded, Section } from '../AdminParts.tsx';
import { useUsage } from '../adminApi.ts';
import { BarChart } from '../BarChart.tsx';
import { USAGE_PERIODS, USAGE_SERIES, type UsagePeriod, usageTotals } from '../usage.ts';
import type { TabProps } from './TabPanel.tsx';

/** Chart colours: the accent for counts, the alarm colour (named beside it) for alarms. */
const COLOR = {
  units: 'var(--accent)',
  users: 'var(--accent)',
  samples: 'var(--accent)',
  alarms: 'var(--status-alarm)',
};

/** Usage stats: units, users, samples and alarms of the organization and below, per day over a period. */
export function UsageTab({ org }: TabProps) {
  const { t, i18n } = useTranslation();
  const when = useDateFormat();
  const [days, setDays] = useState<UsagePeriod>(30);
  const usage = useUsage(org.id, days);
  const number = new Intl.NumberFormat(i18n.language);
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  // The day is a calendar date: shown as it is, no timezone moves it.
  const dayLabel = (day: string) => when.calendar.date(day);
  return (
    <Section
      title={t('admin.usage.title')}
      description={t('admin.usage.text', { name: org.name })}
      actions={
        <fieldset className="chip-group admin-periods">
          <legend className="visually-hidden">{t('admin.usage.period')}</legend>
          {USAGE_PERIODS.map((p) => (
            <Chip key={p} pressed={days === p} onClick={() => setDays(p)}>
              {t('admin.usage.days', { count: p })}
            </Chip>
          ))}
        </fieldset>
      }
    >
      <Loaded query={usage} lines={6}>
        {(u) => {
          const totals = usageTotals(u);
          const dayList = u.days.map((d) => d.day);
          return (
            <div className={`admin-usage${usage.isFetching ? ' admin-usage--busy' : ''}`} aria-busy={usage.isFetching}>
              {USAGE_SERIES.map((k) => {
                const change = k === 'units' ? totals.unitsChange : k === 'users' ? totals.usersChange : null;
                return (
                  <article key={k} className="admin-figure">
                    <h3 className="admin-figure__label">{t(`admin.usage.${k}`)}</h3>
                    <p className="admin-figure__value">{number.format(totals[k])}</p>
                    <p className="admin-figure__note muted">
                      {change === null
                        ? t('admin.usage.inPeriod', { count: days })
                        : t('admin.usage.change', { change: signed.format(change), count: days })}
                    </p>
                    <BarChart
                      label={t('admin.usage.chartLabel', { what: t(`admin.usage.${k}`), count: days })}
                      days={dayList}
                      values={u.days.map((d) => d[k])}
                      format={(n) => number.format(n)}
                      dayLabel={dayLabel}
                      color={COLOR[k]}
                    />
                  </article>
                );
              })}
            </div>
          );
        }}
      </Loaded>
    </Section>
  );
}
