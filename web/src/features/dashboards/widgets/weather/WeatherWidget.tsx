import type { WeatherDay, WeatherReport } from '@fieldwatch/core';
import { CloudOff, Droplet, MapPin, MapPinOff, Wind } from 'lucide-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useUnitDetails } from '@/lib/units.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Time } from '@/ui/Time.tsx';
import { useCustomerIds } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber } from '../common/format.ts';
import { weatherProps } from '../common/props.ts';
import { NoCustomers, Updated, WidgetEmpty, WidgetError, WidgetSkeleton } from '../common/WidgetState.tsx';
import { rangeBar, temperatureScale, weatherKind } from './weatherMath.ts';
import '../common/kpiLayout.css';
import './weather.css';
import { usePlace, useWeatherReport, useWeatherStatus } from './weatherData.ts';

/**
 * Weather (overview): the past five days at the unit the link group has selected,
 * or around the centre of the selected units / the dashboard's units with a position: each day's
 * weather (WMO code as an icon and words), min/max and precipitation, and the current temperature.
 * When the provider cannot be reached it says so, with the reason and a retry.
 */
export function WeatherWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  // The past 5 days by default; the settings may choose 1–7 days and a fixed unit.
  const { days: DAYS, unitId } = useMemo(() => weatherProps(widget.props), [widget.props]);
  const { place, pending } = usePlace(dashboardId, widgetId, unitId);
  const unitName = useUnitDetails(place?.kind === 'unit' ? place.id : undefined).data?.name;
  const status = useWeatherStatus();
  const available = status.data?.available === true;
  const q = useWeatherReport(place, DAYS, lang, available);

  if (customers.length === 0) return <NoCustomers />;
  if (pending) return <WidgetSkeleton shape="weather" />;
  if (!place) {
    return <WidgetEmpty icon={<MapPinOff size={20} />} title={t('weather.noPlace')} text={t('weather.noPlaceText')} />;
  }
  if (status.isPending) return <WidgetSkeleton shape="weather" />;
  if (status.data && !available) {
    // The provider does not answer (an offline site): said calmly, with when it is asked again.
    const { retryAt } = status.data;
    return (
      <WidgetError
        icon={<CloudOff size={20} />}
        title={t('weather.unavailable')}
        text={
          retryAt ? (
            <Trans i18nKey="weather.providerDown" components={{ time: <Time at={retryAt} form="time" /> }} />
          ) : (
            t('weather.providerDownNow')
          )
        }
        onRetry={() => void status.refetch()}
      />
    );
  }
  const failed = status.error ?? (q.isError && !q.data ? q.error : null);
  if (failed) {
    return (
      <WidgetError
        icon={<CloudOff size={20} />}
        title={t('weather.unavailable')}
        error={failed}
        onRetry={() => void (status.isError ? status.refetch() : q.refetch())}
      />
    );
  }

  const report = q.data;
  if (!report) return <WidgetSkeleton shape="weather" />;
  const placeText =
    place.kind === 'unit'
      ? (unitName ?? '')
      : t(place.selected ? 'weather.centreSelected' : 'weather.centre', {
          count: place.count,
          n: formatNumber(lang, place.count),
        });
  return (
    <div className="weather">
      <div className="weather__in">
        <Current report={report} placeText={placeText} />
        {report.days.length === 0 ? (
          <p className="kpi__meta">{t('weather.noDays')}</p>
        ) : (
          <Days days={report.days} lang={lang} />
        )}
        <div className="kpi__foot">
          <span className="weather__coords" title={`${report.latitude}, ${report.longitude}`}>
            {t('weather.pastDays', { count: report.days.length })}
          </span>
          <Updated at={q.dataUpdatedAt} />
        </div>
      </div>
    </div>
  );
}

function Current({ report, placeText }: { report: WeatherReport; placeText: string }) {
  const { t, i18n } = useTranslation();
  const current = report.current;
  const kind = weatherKind(current?.weatherCode);
  const Icon = kind.icon;
  return (
    <div className="weather__now">
      <Icon size={36} strokeWidth={1.5} aria-hidden className="weather__now-icon" />
      <div className="weather__now-text">
        <p className="weather__now-temp">
          {current?.temperature == null ? (
            t('weather.noCurrent')
          ) : (
            <bdi>{t('widgets.common.celsius', { value: formatNumber(i18n.language, current.temperature, 1, 1) })}</bdi>
          )}
        </p>
        {current && (
          <p className="kpi__meta">
            {t(`weather.codes.${kind.key}`)}
            {' · '}
            <Time at={current.time} form="time" />
          </p>
        )}
        <p className="weather__place" title={placeText}>
          <MapPin size={12} aria-hidden />
          <span>{placeText}</span>
        </p>
      </div>
    </div>
  );
}

function Days({ days, lang }: { days: readonly WeatherDay[]; lang: string }) {
  const { t } = useTranslation();
  const scale = temperatureScale(days) ?? { min: 0, max: 0 };
  // The forecast's days are calendar days (UTC): shown as days, not shifted to the profile timezone.
  const day = useDateFormat().calendar;
  const c = (v: number | null) =>
    v === null ? '–' : t('widgets.common.celsiusShort', { value: formatNumber(lang, v, 0) });
  return (
    <ol className="weather__days">
      {days.map((d) => {
        const kind = weatherKind(d.weatherCode);
        const Icon = kind.icon;
        const bar = rangeBar(d.temperatureMin, d.temperatureMax, scale);
        const description = t(`weather.codes.${kind.key}`);
        return (
          <li key={d.date} className="wday">
            <p className="wday__when" title={day.date(d.date, { weekday: true })}>
              <span className="wday__weekday">{day.weekday(d.date)}</span>
              <span className="wday__date">{day.date(d.date, { year: false })}</span>
            </p>
            <p className="wday__sky" title={description}>
              <Icon size={20} strokeWidth={1.75} aria-hidden className="wday__icon" />
              <span className="wday__desc">{description}</span>
            </p>
            <p
              className="wday__temps"
              title={t('weather.range', { min: c(d.temperatureMin), max: c(d.temperatureMax) })}
            >
              <span className="wday__min">
                <bdi>{c(d.temperatureMin)}</bdi>
              </span>
              <span className="wday__bar" aria-hidden>
                {bar && (
                  <span
                    className="wday__fill"
                    style={{ insetInlineStart: `${bar.start}%`, inlineSize: `${bar.size}%` }}
                  />
                )}
              </span>
              <span className="wday__max">
                <bdi>{c(d.temperatureMax)}</bdi>
              </span>
            </p>
            <p className="wday__rain" title={t('weather.precipitation')}>
              <Droplet size={12} aria-hidden />
              <bdi>
                {d.precipitationSum === null
                  ? '–'
                  : t('widgets.common.mm', { value: formatNumber(lang, d.precipitationSum, 1) })}
              </bdi>
            </p>
            <p className="wday__wind" title={t('weather.wind')}>
              <Wind size={12} aria-hidden />
              <bdi>
                {d.windSpeedMax === null
                  ? '–'
                  : t('widgets.common.kmh', { value: formatNumber(lang, d.windSpeedMax, 0) })}
              </bdi>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
