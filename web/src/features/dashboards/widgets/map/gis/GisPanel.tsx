import { type GisFeature, type GisTypeKey, updateWidget } from '@fieldwatch/core';
import type * as L from 'leaflet';
import { ChevronDown, Layers } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editDashboard } from '@/stores/dashboards.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import type { WidgetProps } from '../../../widgetTypes.ts';
import { SYMBOL, type SymbolKind, toggleHidden } from './gisModel.ts';

/** The layer control: a button opening the list of GIS types with their counts and show/hide boxes. */
export function GisPanel({
  map,
  dashboardId,
  widgetId,
  widget,
  groups,
  present,
  hidden,
  near,
  loading,
  failed,
}: Pick<WidgetProps, 'dashboardId' | 'widgetId' | 'widget'> & {
  map: L.Map;
  groups: ReadonlyMap<GisTypeKey, readonly GisFeature[]>;
  present: readonly GisTypeKey[];
  hidden: readonly GisTypeKey[];
  near: boolean;
  loading: boolean;
  failed: readonly { refetch: () => unknown }[];
}) {
  const { t, i18n } = useTranslation();
  // The control starts open on roomy maps, closed on small ones (phones).
  const [open, setOpen] = useState(() => {
    const size = map.getSize();
    return size.x >= 560 && size.y >= 420;
  });
  const panelId = useId();
  const fmt = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const toggle = (key: GisTypeKey) =>
    editDashboard(dashboardId, (d) =>
      updateWidget(d, widgetId, { props: toggleHidden(d.widgets[widgetId]?.props ?? widget.props, key) }),
    );

  return (
    <div className="gis-layers" data-gis-layers data-open={open || undefined}>
      <button
        type="button"
        className="gis-layers__button"
        aria-expanded={open}
        aria-controls={panelId}
        title={open ? t('widgets.map.gis.hide') : t('widgets.map.gis.show')}
        onClick={() => setOpen((o) => !o)}
      >
        <Layers size={16} aria-hidden />
        <span className="gis-layers__button-label">{t('widgets.map.gis.layers')}</span>
        <ChevronDown size={14} aria-hidden className="gis-layers__chevron" />
      </button>
      {open && (
        <div id={panelId} className="gis-layers__panel">
          <fieldset className="gis-layers__group">
            <legend className="visually-hidden">{t('widgets.map.gis.title')}</legend>
            {/* First: the panel may scroll, and this says why the map shows none of it. */}
            {!near && present.length > 0 && (
              <p className="gis-layers__state" data-state="far">
                {t('widgets.map.gis.farOut')}
              </p>
            )}
            {present.length > 0 && (
              <ul className="gis-layers__list">
                {present.map((key) => {
                  const count = groups.get(key)?.length ?? 0;
                  return (
                    <li key={key}>
                      <label className="gis-layers__item" data-off={hidden.includes(key) || undefined}>
                        <input
                          type="checkbox"
                          className="gis-layers__check"
                          data-gis-type={key}
                          checked={!hidden.includes(key)}
                          onChange={() => toggle(key)}
                        />
                        <GisSymbol type={key} kind={SYMBOL[key]} />
                        <span className="gis-layers__name">{t(`widgets.map.gis.types.${key}`)}</span>
                        <span className="gis-layers__count" title={t('widgets.map.gis.count', { count })}>
                          {fmt.format(count)}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
            {loading && (
              <p className="gis-layers__state" data-state="loading">
                <Spinner /> {t('widgets.map.gis.loading')}
              </p>
            )}
            {failed.length > 0 && (
              <div className="gis-layers__state" data-state="error" role="alert">
                <p>{t('widgets.map.gis.failed')}</p>
                <Button onClick={() => failed.forEach((r) => void r.refetch())}>{t('common.retry')}</Button>
              </div>
            )}
            {!loading && failed.length === 0 && present.length === 0 && (
              <p className="gis-layers__state" data-state="empty">
                {t('widgets.map.gis.empty')}
              </p>
            )}
          </fieldset>
        </div>
      )}
    </div>
  );
}

/** A type's legend symbol, drawn by the same CSS tokens as the map. */
function GisSymbol({ type, kind }: { type: GisTypeKey; kind: SymbolKind }) {
  if (kind === 'point') return <span className={`gis-swatch gis-symbol gis-symbol--${type}`} aria-hidden />;
  return (
    <svg className="gis-swatch" width="22" height="14" viewBox="0 0 22 14" aria-hidden>
      {kind === 'area' ? (
        <rect className={`gis-shape gis-shape--${type}`} x="2" y="2" width="18" height="10" rx="1" />
      ) : (
        <path className={`gis-shape gis-shape--${type}`} d="M2 7 H20" fill="none" />
      )}
    </svg>
  );
}
