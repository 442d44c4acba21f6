import type { Marker } from '@fieldwatch/core';
import { Lock, Pencil, Trash2, Unlock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/ui/Button.tsx';
import { RadarError } from './RadarStates.tsx';
import './markerList.css';
import { formatNumber } from './radarMath.ts';

export function MarkerList({
  markers,
  loading,
  error,
  onRetry,
  onEdit,
  onDelete,
  onToggleLock,
  locale,
  channel,
}: {
  markers: Marker[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onEdit: (m: Marker) => void;
  onDelete: (m: Marker) => void;
  onToggleLock: (m: Marker) => void;
  locale: string;
  channel: number;
}) {
  const { t } = useTranslation();
  let content: ReactNode;
  if (error && markers.length === 0) {
    content = <RadarError title={t('radar.markers.failed')} error={error} onRetry={onRetry} />;
  } else if (loading) {
    content = (
      <div role="status" aria-label={t('common.loading')} className="radar-markers__loading">
        <span className="skeleton radar-skel__line" />
        <span className="skeleton radar-skel__line" />
      </div>
    );
  } else if (markers.length === 0) {
    content = <p className="radar-markers__empty">{t('radar.markers.empty')}</p>;
  } else {
    content = (
      <ul className="radar-markers__list">
        {markers.map((m) => (
          <li key={m.id} className="radar-markers__item" data-marker={m.name}>
            <div className="radar-markers__main">
              <span className="radar-markers__name">
                {m.locked && <Lock size={12} aria-label={t('radar.markers.locked')} />}
                <bdi>{m.name}</bdi>
              </span>
              <span className="radar-markers__pos">
                {t('radar.markers.at', { position: formatNumber(m.position, locale, 2) })}
              </span>
              <span className="radar-markers__meta">
                {t('radar.markers.speed', { speed: formatNumber(m.pulseSpeed, locale, 3) })}
              </span>
              {m.comments && (
                <span className="radar-markers__comments" dir="auto">
                  {m.comments}
                </span>
              )}
            </div>
            <div className="radar-markers__tools">
              <IconButton label={t('radar.markers.editNamed', { name: m.name })} onClick={() => onEdit(m)}>
                <Pencil size={16} aria-hidden />
              </IconButton>
              <IconButton
                label={t(m.locked ? 'radar.markers.unlockNamed' : 'radar.markers.lockNamed', { name: m.name })}
                aria-pressed={m.locked}
                onClick={() => onToggleLock(m)}
              >
                {m.locked ? <Unlock size={16} aria-hidden /> : <Lock size={16} aria-hidden />}
              </IconButton>
              <IconButton
                label={
                  m.locked
                    ? t('radar.markers.deleteLocked', { name: m.name })
                    : t('radar.markers.deleteNamed', { name: m.name })
                }
                disabled={m.locked}
                onClick={() => onDelete(m)}
              >
                <Trash2 size={16} aria-hidden />
              </IconButton>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <aside className="card radar__side" aria-labelledby="radar-markers-title">
      <div className="radar-markers__head">
        <h2 id="radar-markers-title" className="radar-markers__title">
          {t('radar.markers.title', { channel })}
        </h2>
        <span className="radar-markers__count">{t('radar.markers.count', { count: markers.length })}</span>
      </div>
      {content}
      <p className="radar-markers__note">{t('radar.markers.lockNote')}</p>
    </aside>
  );
}
