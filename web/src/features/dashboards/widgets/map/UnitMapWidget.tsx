import './map.css';
import { type MapUnit, type MapVariant, type UnitStatus, unitsOfMap } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import * as L from 'leaflet';
import { CircleAlert, MapPinOff, Maximize, Table2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { addBaseTiles } from '@/lib/map/baseTiles.ts';
import { useUnitDetails } from '@/lib/units.ts';
import { useClientConfig } from '@/lib/useClientConfig.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { useCustomerIds, useDashboardFilter, useSelectedUnits, useSuspectedFaults } from '../../data.ts';
import { mapUnitsQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { mapProps } from '../common/props.ts';
import { buildClusterIndex, type ClusterIndex, revealZoom, sameUnits, statusCounts } from './cluster.ts';
import { FaultMarks } from './FaultMarks.tsx';
import { GisLayers } from './gis/GisLayers.tsx';
import { MapTable, useMapTable } from './MapTable.tsx';
import { reducedMotion, useLook } from './mapLook.ts';
import { rememberView, restoreView } from './mapView.ts';
import { UnitPopup } from './UnitPopup.tsx';
import { MAX_ZOOM, useUnitMarkers } from './useUnitMarkers.ts';

/**
 * The unit maps (device map, alarm map, parking map): Leaflet with clusters coloured by
 * the worst status inside, selection shared through the widget's link group.
 */

const VARIANTS: readonly string[] = ['deviceMap', 'alarmMap', 'parkingMap'] satisfies MapVariant[];

/** Legend order: worst first. */
const LEGEND: readonly UnitStatus[] = ['alarm', 'problem', 'ok', 'inactive'];

/** Room round fitted units: half the largest cluster icon, plus the legend at the bottom. */
const FIT_PADDING = 48;
/** Fitting never zooms in further than a neighbourhood, so one unit still shows its surroundings. */
const FIT_MAX_ZOOM = 14;

/** Keeps the previous unit list while it draws the same map, so the index is rebuilt only on change. */
function useStableUnits(units: MapUnit[]): MapUnit[] {
  const ref = useRef(units);
  if (!sameUnits(ref.current, units)) ref.current = units;
  return ref.current;
}

export function UnitMapWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const variant = (VARIANTS.includes(widget.component) ? widget.component : 'deviceMap') as MapVariant;
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const filter = useDashboardFilter(dashboardId);
  // The units the map shows (its variant and the dashboard's filter applied on the server), as
  // id, position and status only: a 10,000-unit map draws without every unit's row.
  const placed = useQuery({
    ...mapUnitsQuery(customers, filter, variant, refreshKey),
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });
  const [selected, setSelected] = useSelectedUnits(dashboardId, widgetId);
  const config = useClientConfig();
  const look = useLook();

  const units = useStableUnits(useMemo(() => unitsOfMap(placed.data), [placed.data]));
  const unplaced = placed.data?.unplaced ?? 0;
  const view = useMemo(() => mapProps(widget.props), [widget.props]);
  const index = useMemo(() => buildClusterIndex(units, view.cluster), [units, view.cluster]);
  const counts = useMemo(() => statusCounts(units), [units]);
  const positionOf = useMemo(() => new Map(units.map((u, i) => [u.id, i])), [units]);
  const unitOf = useCallback((id: number) => units[positionOf.get(id) ?? -1], [units, positionOf]);
  const faults = useSuspectedFaults(variant !== 'parkingMap');
  const faultCount = useMemo(
    () => (faults.data ?? []).filter((f) => positionOf.has(f.unitId)).length,
    [faults.data, positionOf],
  );

  const hostRef = useRef<HTMLElement>(null);
  const legendRef = useRef<HTMLUListElement>(null);
  const [map, setMap] = useState<L.Map>();
  const [fitHost, setFitHost] = useState<HTMLElement>();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [popupUnit, setPopupUnit] = useState<number>();
  const popupRef = useRef<{ popup: L.Popup; content: HTMLDivElement }>(undefined);
  /** One canvas for every single-unit marker (thousands of SVG paths would be slow). */
  const rendererRef = useRef<L.Canvas>(undefined);
  /** The selection this map made itself (a click): the map does not fly to it. */
  const ownSelection = useRef<string>(undefined);
  const fitted = useRef(false);
  const indexRef = useRef<ClusterIndex>(index);
  indexRef.current = index;

  const fmt = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const table = useMapTable(units, customers, refreshKey);
  const { asTable, showTable, tableId, mapToggleRef } = table;

  // The map itself: created once, removed with the widget.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const m = L.map(host, {
      zoomControl: false,
      attributionControl: false,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
      zoomAnimation: !reducedMotion(),
      fadeAnimation: !reducedMotion(),
      markerZoomAnimation: !reducedMotion(),
    }).setView([30, 10], 2);
    // A quiet tile grid under the raster tiles: the map reads as a map even when no tile loads.
    const Grid: typeof L.GridLayer = L.GridLayer.extend({
      createTile: () => {
        const tile = document.createElement('div');
        tile.className = 'unit-map__grid-tile';
        return tile;
      },
    });
    new Grid({ zIndex: 0, className: 'unit-map__grid' }).addTo(m);
    rendererRef.current = L.canvas({ padding: 0.3, tolerance: 6 });
    const content = document.createElement('div');
    const popup = L.popup({ className: 'unit-map__popup', autoPanPadding: [24, 24], offset: [0, -6], maxWidth: 280 });
    popup.setContent(content);
    popupRef.current = { popup, content };
    m.on('popupclose', (e) => e.popup === popup && setPopupUnit(undefined));
    // The settled view, readable from outside (browser tests, support screenshots).
    m.on('moveend', () => {
      const c = m.getCenter();
      host.dataset.view = `${c.lat.toFixed(5)},${c.lng.toFixed(5)},${m.getZoom()}`;
    });
    const resize = new ResizeObserver(() => m.invalidateSize({ debounceMoveend: true }));
    resize.observe(host);
    setMap(m);
    return () => {
      resize.disconnect();
      // Leaflet fires a debounced moveend after a resize; with no listeners left it cannot reach
      // the removed panes.
      m.off();
      m.remove();
      popupRef.current = undefined;
      rendererRef.current = undefined;
      setMap(undefined);
    };
  }, []);

  // Controls at the inline end (zoom, fit all) and the attribution; Leaflet's corners are physical.
  useEffect(() => {
    if (!map) return;
    const end = look.rtl ? 'topleft' : 'topright';
    const zoom = L.control.zoom({
      position: end,
      zoomInTitle: t('widgets.map.zoomIn'),
      zoomOutTitle: t('widgets.map.zoomOut'),
    });
    const FitControl = L.Control.extend({
      onAdd: () => {
        const bar = L.DomUtil.create('div', 'leaflet-bar unit-map__fit');
        L.DomEvent.disableClickPropagation(bar);
        setFitHost(bar);
        return bar;
      },
    });
    const fit = new FitControl({ position: end });
    const attribution = L.control.attribution({ position: look.rtl ? 'bottomleft' : 'bottomright', prefix: false });
    zoom.addTo(map);
    fit.addTo(map);
    attribution.addTo(map);
    return () => {
      zoom.remove();
      fit.remove();
      attribution.remove();
      setFitHost(undefined);
    };
  }, [map, look.rtl, t]);

  // Raster tiles from the server's configuration (TILE_URL); darkened on Dark by map.css.
  useEffect(() => {
    if (!map || !config.data) return;
    return addBaseTiles(map, config.data, { maxZoom: MAX_ZOOM, zIndex: 1, className: 'unit-map__tiles' }, (ok) =>
      setTilesFailed(!ok),
    );
  }, [map, config.data]);

  /** Fitting keeps units clear of the edges and of the legend at the bottom. */
  const fitPadding = useCallback((): L.FitBoundsOptions => {
    const legend = legendRef.current;
    // The legend's distance from the map's bottom edge, its own height included.
    const below = legend && map ? map.getSize().y - legend.offsetTop : 0;
    return {
      paddingTopLeft: [FIT_PADDING, FIT_PADDING],
      paddingBottomRight: [FIT_PADDING, Math.max(FIT_PADDING, below + FIT_PADDING / 2)],
    };
  }, [map]);

  const fitAll = useCallback(
    (animate: boolean) => {
      if (!map || units.length === 0) return false;
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return false;
      const bounds = L.latLngBounds(units.map((u) => [u.lat, u.lng] as L.LatLngTuple));
      map.fitBounds(bounds, { ...fitPadding(), maxZoom: FIT_MAX_ZOOM, animate: animate && !reducedMotion() });
      return true;
    },
    [map, units, fitPadding],
  );

  const selectedIds = useMemo(() => selected ?? [], [selected]);
  const selectedKey = selectedIds.join(',');

  /** Flies to the selected units (one: until it shows on its own; several: their bounds). */
  const showSelection = useCallback(
    (ids: readonly number[]) => {
      if (!map) return false;
      const idx = ids.map((id) => positionOf.get(id)).filter((i): i is number => i !== undefined);
      const chosen = idx.map((i) => indexRef.current.units[i] as MapUnit);
      const first = chosen[0];
      if (!first) return false;
      const animate = !reducedMotion();
      if (chosen.length === 1) {
        const zoom = Math.min(MAX_ZOOM, Math.max(revealZoom(indexRef.current, idx[0] as number, map.getZoom()), 10));
        if (animate) map.flyTo([first.lat, first.lng], zoom, { duration: 0.8 });
        else map.setView([first.lat, first.lng], zoom, { animate: false });
      } else {
        const bounds = L.latLngBounds(chosen.map((u) => [u.lat, u.lng] as L.LatLngTuple));
        if (animate) map.flyToBounds(bounds, { ...fitPadding(), maxZoom: 16, duration: 0.8 });
        else map.fitBounds(bounds, { ...fitPadding(), maxZoom: 16, animate: false });
      }
      return true;
    },
    [map, positionOf, fitPadding],
  );

  // First data: show the selection if the link group has one, else every unit.
  useEffect(() => {
    if (!map || fitted.current || units.length === 0) return;
    const tryFit = () => {
      if (fitted.current) return;
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return;
      fitted.current = true;
      ownSelection.current = selectedKey;
      if (!showSelection(selectedIds) && !(view.initialView === 'remember' && restoreView(map, widgetId)))
        fitAll(false);
    };
    tryFit();
    if (fitted.current) return;
    map.on('resize', tryFit);
    return () => {
      map.off('resize', tryFit);
    };
  }, [map, units.length, fitAll, showSelection, selectedIds, selectedKey, view.initialView, widgetId]);

  // Settings: remember the view in this browser.
  useEffect(
    () => (map && view.initialView === 'remember' ? rememberView(map, widgetId) : undefined),
    [map, view.initialView, widgetId],
  );

  // A selection made elsewhere (a unit list of the same link group): fly there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection moves the map
  useEffect(() => {
    if (!map || !fitted.current) return;
    if (ownSelection.current === selectedKey) return;
    ownSelection.current = selectedKey;
    showSelection(selectedIds);
  }, [map, selectedKey]);

  // A popup belongs to a selected unit: it closes when the selection moves on.
  useEffect(() => {
    if (popupUnit !== undefined && !selectedIds.includes(popupUnit)) popupRef.current?.popup.close();
  }, [popupUnit, selectedIds]);

  const onUnitClick = useCallback(
    (unit: MapUnit) => {
      const key = String(unit.id);
      ownSelection.current = key;
      setSelected([unit.id]);
      setPopupUnit(unit.id);
      const p = popupRef.current;
      if (map && p) p.popup.setLatLng([unit.lat, unit.lng]).openOn(map);
    },
    [map, setSelected],
  );
  const onUnitClickRef = useRef(onUnitClick);
  onUnitClickRef.current = onUnitClick;
  useUnitMarkers(map, rendererRef, index, selectedIds, look.dark, onUnitClickRef);

  // The popup names the clicked unit from its details; its status is the map's, kept live. Its
  // size is measured after React renders.
  const popupDetails = useUnitDetails(popupUnit);
  const popupStatus = popupUnit === undefined ? undefined : units[positionOf.get(popupUnit) ?? -1]?.status;
  const popupDevice = popupDetails.data?.id === popupUnit ? popupDetails.data : undefined;
  useLayoutEffect(() => {
    if (popupDevice || popupStatus) popupRef.current?.popup.update();
  }, [popupDevice, popupStatus]);

  const loading = placed.isPending && placed.fetchStatus !== 'idle';
  const hasUnits = units.length + unplaced > 0;
  let overlay: ReactNode = null;
  if (placed.isError && !hasUnits) {
    overlay = (
      <EmptyState icon={<CircleAlert size={22} />} title={t('widgets.map.failed')}>
        <p>{placed.error?.message}</p>
        <Button onClick={() => void placed.refetch()}>{t('common.retry')}</Button>
      </EmptyState>
    );
  } else if (loading) {
    overlay = <Skeleton block />;
  } else if (!hasUnits) {
    overlay = (
      <EmptyState icon={<MapPinOff size={22} />} title={t(`widgets.map.empty.${variant}.title`)}>
        <p>{t(`widgets.map.empty.${variant}.text`)}</p>
      </EmptyState>
    );
  } else if (units.length === 0) {
    overlay = (
      <EmptyState icon={<MapPinOff size={22} />} title={t('widgets.map.noPositions.title')}>
        <p>{t('widgets.map.noPositions.text')}</p>
      </EmptyState>
    );
  }

  return (
    <div className="unit-map" data-variant={variant}>
      <section
        ref={hostRef}
        className="unit-map__map"
        aria-roledescription={t('widgets.map.roleDescription')}
        aria-label={t(`widgets.map.label.${variant}`)}
      />
      {(unplaced > 0 || tilesFailed) && units.length > 0 && (
        <div className="unit-map__notes">
          {unplaced > 0 && <span className="unit-map__note">{t('widgets.map.unplaced', { count: unplaced })}</span>}
          {tilesFailed && <span className="unit-map__note">{t('widgets.map.tilesUnavailable')}</span>}
        </div>
      )}
      {units.length > 0 && view.legend && (
        <ul ref={legendRef} className="unit-map__legend" aria-label={t('widgets.map.legend')}>
          {LEGEND.map((s) => (
            <li key={s} className="unit-map__legend-item" data-zero={counts[s] === 0 || undefined}>
              <span className={`unit-map__dot unit-map__dot--${s}`} aria-hidden />
              <span className="unit-map__legend-word">{t(`status.${s}`)}</span>
              <span className="unit-map__legend-count">{fmt.format(counts[s])}</span>
            </li>
          ))}
          {faultCount > 0 && (
            <li className="unit-map__legend-item">
              <span className="unit-map__fault-dot" aria-hidden />
              <span className="unit-map__legend-word">{t('widgets.map.faults')}</span>
              <span className="unit-map__fault-count">{fmt.format(faultCount)}</span>
            </li>
          )}
        </ul>
      )}
      {map && variant !== 'parkingMap' && (
        <>
          <GisLayers map={map} dashboardId={dashboardId} widgetId={widgetId} widget={widget} />
          <FaultMarks map={map} faults={faults.data} unitOf={unitOf} onUnit={onUnitClick} />
        </>
      )}
      {overlay && <div className="unit-map__overlay">{overlay}</div>}
      {asTable && units.length > 0 && <MapTable table={table} />}
      {fitHost &&
        createPortal(
          <>
            <button
              ref={mapToggleRef}
              type="button"
              className="unit-map__fit-button"
              title={t('common.showAsTable')}
              aria-label={t('common.showAsTable')}
              aria-expanded={asTable}
              aria-controls={tableId}
              disabled={units.length === 0}
              onClick={() => showTable(!asTable)}
            >
              <Table2 size={14} aria-hidden />
            </button>
            <button
              type="button"
              className="unit-map__fit-button"
              title={t('widgets.map.fitAll')}
              aria-label={t('widgets.map.fitAll')}
              disabled={units.length === 0}
              onClick={() => fitAll(true)}
            >
              <Maximize size={14} aria-hidden />
            </button>
          </>,
          fitHost,
        )}
      {popupRef.current &&
        popupStatus &&
        createPortal(<UnitPopup device={popupDevice} status={popupStatus} />, popupRef.current.content)}
    </div>
  );
}
