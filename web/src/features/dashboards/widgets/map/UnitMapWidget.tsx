import './map.css';
import {
  type MapUnit,
  type MapVariant,
  STATUS_COLORS,
  STATUS_SEVERITY,
  type UnitStatus,
  unitsOfMap,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import * as L from 'leaflet';
import { CircleAlert, MapPinOff, Maximize, Table2 } from 'lucide-react';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { addBaseTiles } from '@/lib/map/baseTiles.ts';
import { useUnitDetails } from '@/lib/units.ts';
import { useClientConfig } from '@/lib/useClientConfig.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { NumbersTable, TableToggle } from '@/ui/NumbersTable.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { useCustomerIds, useDashboardFilter, useSelectedUnits } from '../../data.ts';
import { devicesQuery, mapUnitsQuery } from '../../queries.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { mapProps } from '../common/props.ts';
import {
  buildClusterIndex,
  type ClusterIndex,
  clustersHolding,
  expansionZoom,
  itemsInView,
  revealZoom,
  sameUnits,
  statusCounts,
} from './cluster.ts';
import { GisLayers } from './gis/GisLayers.tsx';
import { rememberView, restoreView } from './mapView.ts';
import { UnitPopup } from './UnitPopup.tsx';

/**
 * The unit maps (device map, alarm map, parking map): Leaflet with clusters coloured by
 * the worst status inside, selection shared through the widget's link group.
 */

const VARIANTS: readonly string[] = ['deviceMap', 'alarmMap', 'parkingMap'] satisfies MapVariant[];

/** Legend order: worst first. */
const LEGEND: readonly UnitStatus[] = ['alarm', 'problem', 'ok', 'inactive'];

const MAX_ZOOM = 19;
/** Room round fitted units: half the largest cluster icon, plus the legend at the bottom. */
const FIT_PADDING = 48;
/** Fitting never zooms in further than a neighbourhood, so one unit still shows its surroundings. */
const FIT_MAX_ZOOM = 14;

/** The document's theme and direction, followed as they change (theme toggle, language). */
type Look = { dark: boolean; rtl: boolean };
const lookKey = () => `${document.documentElement.dataset.theme ?? 'dark'}|${document.documentElement.dir || 'ltr'}`;
function subscribeLook(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'dir'] });
  return () => observer.disconnect();
}
function useLook(): Look {
  const key = useSyncExternalStore(subscribeLook, lookKey);
  return useMemo(() => {
    const [theme, dir] = key.split('|');
    return { dark: theme !== 'bright', rtl: dir === 'rtl' };
  }, [key]);
}

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

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
  // The units as a table instead of the map, on demand (issue 11): name, status and position.
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const mapToggleRef = useRef<HTMLButtonElement>(null);
  const tableToggleRef = useRef<HTMLDivElement>(null);
  const showTable = (open: boolean) => {
    setAsTable(open);
    // Focus follows the switch: to the table's way back, or to the map's table button.
    requestAnimationFrame(() =>
      open ? tableToggleRef.current?.querySelector('button')?.focus() : mapToggleRef.current?.focus(),
    );
  };
  const coordinate = useMemo(
    () => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
    [i18n.language],
  );
  // The table names its units: the device list is read when the table opens.
  const named = useQuery({ ...devicesQuery(customers, refreshKey), enabled: asTable && customers.length > 0 });
  const nameOf = useMemo(() => new Map(named.data?.map((d) => [d.id, d.name])), [named.data]);
  const tableRows = useMemo(
    () =>
      asTable
        ? units
            .map((u) => ({ u, name: nameOf.get(u.id) ?? String(u.id) }))
            .sort((a, b) => STATUS_SEVERITY[b.u.status] - STATUS_SEVERITY[a.u.status] || a.name.localeCompare(b.name))
            .map(({ u, name }) => [name, t(`status.${u.status}`), coordinate.format(u.lat), coordinate.format(u.lng)])
        : [],
    [asTable, units, nameOf, t, coordinate],
  );
  const compact = useMemo(
    () => new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 }),
    [i18n.language],
  );

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

  // Clusters and markers: one layer group, rebuilt from the index for the view after every move
  // and zoom (moveend follows each zoomend), on a new index (live status changes), a new
  // selection or a theme change.
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
            color: inactive && !look.dark ? darkOutline : '#FFFFFF',
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
  }, [map, index, selectedIds, look.dark, t, fmt, compact]);

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
        </ul>
      )}
      {map && variant !== 'parkingMap' && (
        <GisLayers map={map} dashboardId={dashboardId} widgetId={widgetId} widget={widget} />
      )}
      {overlay && <div className="unit-map__overlay">{overlay}</div>}
      {asTable && units.length > 0 && (
        <div className="unit-map__table">
          <div ref={tableToggleRef} className="unit-map__table-head">
            <TableToggle open onChange={showTable} controls={tableId} back="map" />
          </div>
          <NumbersTable
            id={tableId}
            caption={t('common.mapTable')}
            columns={[
              { label: t('common.tableUnit') },
              { label: t('common.tableStatus') },
              { label: t('common.tableLatitude'), numeric: true },
              { label: t('common.tableLongitude'), numeric: true },
            ]}
            rows={tableRows}
          />
        </div>
      )}
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
