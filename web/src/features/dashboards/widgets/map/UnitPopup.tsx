import { isRadarType, type UnitStatus } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forecastSentence } from '@/lib/forecasts.ts';
import { useOriginState } from '@/lib/origin.ts';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { useForecasts } from '../../data.ts';

/** What the popup tells of a unit: from its details, which arrive a moment after the click. */
type PopupDevice = { id: number; name: string; location: string; type: { code: number; name: string } };

export function UnitPopup({ device, status }: { device: PopupDevice | undefined; status: UnitStatus }) {
  const { t } = useTranslation();
  return (
    <div className="unit-popup" aria-busy={!device}>
      <div className="unit-popup__name">{device ? <bdi>{device.name}</bdi> : <Skeleton lines={1} />}</div>
      <div className="unit-popup__status">
        <span className={`unit-map__dot unit-map__dot--${status}`} aria-hidden />
        {t(`status.${status}`)}
      </div>
      {device && <PopupFacts device={device} />}
    </div>
  );
}

function PopupFacts({ device }: { device: PopupDevice }) {
  const { t, i18n } = useTranslation();
  const radarFrom = useOriginState();
  const forecasts = (useForecasts().query.data ?? []).filter((f) => f.unitId === device.id);
  const now = Date.now();
  return (
    <>
      <dl className="unit-popup__facts">
        <dt>{t('widgets.map.type')}</dt>
        <dd>
          <bdi>{device.type.name}</bdi>
        </dd>
        {device.location && (
          <>
            <dt>{t('widgets.map.location')}</dt>
            <dd>
              <bdi>{device.location}</bdi>
            </dd>
          </>
        )}
        {forecasts.length > 0 && (
          <>
            <dt>{t('widgets.map.forecast')}</dt>
            <dd>
              {forecasts.map((f) => (
                <span
                  key={f.channel}
                  className={`unit-popup__forecast${f.warned ? ' unit-popup__forecast--warned' : ''}`}
                >
                  {f.channel > 0 && `${t('radar.channelN', { n: f.channel })}: `}
                  {forecastSentence(f, now, i18n.language, t)}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      {isRadarType(device.type.code) && (
        <Link
          className="btn unit-popup__radar"
          to={`/radar/${device.id}`}
          state={radarFrom}
          aria-label={t('radar.openUnit', { unit: device.name })}
        >
          {t('radar.open')}
        </Link>
      )}
    </>
  );
}
