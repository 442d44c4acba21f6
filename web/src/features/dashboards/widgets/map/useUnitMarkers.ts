import { type MapUnit, STATUS_COLORS, STATUS_SEVERITY, type UnitStatus } from '@fieldwatch/core';
import * as L from 'leaflet';
import { type RefObject, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClusterIndex, clustersHolding, expansionZoom, itemsInView } from './cluster.ts';
import { cssVar, escapeHtml, reducedMotion } from './mapLook.ts';

export const MAX_ZOOM = 19;

/**
 * Clusters and markers: one layer group, rebuilt from the index for the view after every move
 * and zoom (moveend follows each zoomend), on a new index (live status changes), a new selection
 * or a theme change. Single units are drawn on the one canvas of `rendererRef`.
 */
export function useUnitMarkers(
  map: L.Map | undefined,
  rendererRef: RefObject<L.Canvas | undefined>,
  index: ClusterIndex,
  selectedIds: readonly number[],
  dark: boolean,
  onUnitClickRef: RefObject<(unit: MapUnit) => void>,
) {
  const { t, i18n } = useTranslation();
  const fmt = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const compact = useMemo(
    () => new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }),
    [i18n.language],
  );
  useEffect(() => {
    const renderer = rendererRef.current;
    if (!map || !renderer) return;
    const layer = L.layerGroup().addTo(map);
    const chosen = new Set(selectedIds);
    const accent = cssVar('--accent', '#4c8dff');
    const darkOutline = cssVar('--text', '#17202b');
    const statusWord = (s: UnitStatus) => t(`status.${s}`);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const items = itemsInView(index, [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom());
      const heldIn = clustersHolding(index, items, chosen);
      const rings: L.Layer[] = [];
      for (const item of items) {
        if (item.kind === 'unit') {
          const { unit } = item;
          const inactive = unit.status === 'inactive';
          const marker = L.circleMarker([item.lat, item.lng], {
            renderer,
            radius: 7,
            weight: 2,
            color: inactive && !dark ? darkOutline : '#FFFFFF',
            fillColor: STATUS_COLORS[unit.status],
            fillOpacity: 1,
            bubblingMouseEvents: false,
          });
          marker.on('click', () => onUnitClickRef.current(unit));
          layer.addLayer(marker);
          if (chosen.has(unit.id)) {
            rings.push(
              L.circleMarker([item.lat, item.lng], {
                renderer,
                radius: 13,
                weight: 3,
                color: accent,
                fill: false,
                interactive: false,
              }),
            );
          }
        } else {
          const count = item.count >= 10_000 ? compact.format(item.count) : fmt.format(item.count);
          const label = t('widgets.map.cluster', { count: item.count, status: statusWord(item.status) });
          const icon = L.divIcon({
            className: [
              'unit-map__cluster',
              `unit-map__cluster--${item.status}`,
              item.size >= 66 && 'unit-map__cluster--large',
              heldIn.has(item.clusterId) && 'unit-map__cluster--selected',
            ]
              .filter(Boolean)
              .join(' '),
            iconSize: [item.size, item.size],
            html: `<span class="unit-map__cluster-core" aria-hidden="true">${escapeHtml(count)}</span><span class="visually-hidden">${escapeHtml(label)}</span>`,
          });
          const marker = L.marker([item.lat, item.lng], {
            icon,
            title: label,
            keyboard: true,
            riseOnHover: true,
            zIndexOffset: STATUS_SEVERITY[item.status] * 1000,
          });
          marker.on('click', () => {
            const zoom = Math.min(expansionZoom(index, item.clusterId), MAX_ZOOM);
            if (reducedMotion()) map.setView([item.lat, item.lng], zoom, { animate: false });
            else map.flyTo([item.lat, item.lng], zoom, { duration: 0.5 });
          });
          layer.addLayer(marker);
        }
      }
      for (const ring of rings) layer.addLayer(ring);
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index, selectedIds, dark, t, fmt, compact, rendererRef.current, onUnitClickRef.current]);
}
