import './gis.css';
import type { GisFeature, GisTypeKey } from '@fieldwatch/core';
import * as L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../../widgetTypes.ts';
import { GisPanel } from './GisPanel.tsx';
import { useGisCustomers, useGisData } from './gisApi.ts';
import { DRAW_ORDER, featureName, hiddenTypes, LIST_ORDER } from './gisModel.ts';

/**
 * The GIS overlay of the unit maps (GIS types, for customers with the GIS right): for every selected customer
 * with the TyrensGIS right, its GetGISData features drawn under the unit markers, one layer per
 * type, with a layers control (legend and a toggle per type, saved in the widget's props) and a
 * popup naming the feature that was clicked. Nothing is fetched or shown without the right.
 */

const PATHS_PANE = 'gisPane';
const POINTS_PANE = 'gisPointsPane';
/**
 * The network (pipes, wires, areas) is drawn from this zoom on, where a town fills the view; further
 * out a town's network is a smudge under the unit clusters, and building its thousands of paths
 * held a fleet-wide map's first seconds. Its layers are built the first time the map comes this close.
 */
const NETWORK_MIN_ZOOM = 9;
/** Valve symbols and measuring rings show from this zoom on; further out they would only be noise. */
const SYMBOL_MIN_ZOOM = 13;
const NEAR_ONLY: ReadonlySet<GisTypeKey> = new Set(['measuringPoint', 'valveChamber', 'valvePit']);
/** Features built and added to the map per task (see the filling effect). */
const FEATURES_PER_TASK = 400;
/** Where a click looks for a feature: the point itself, then rings 4 and 8 px round it. */
const PICK_OFFSETS: readonly [number, number][] = [
  [0, 0],
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((i): [number, number] => [
    Math.round(Math.cos((i * Math.PI) / 4) * 4),
    Math.round(Math.sin((i * Math.PI) / 4) * 4),
  ]),
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((i): [number, number] => [
    Math.round(Math.cos((i * Math.PI) / 4) * 8),
    Math.round(Math.sin((i * Math.PI) / 4) * 8),
  ]),
];

/** Point symbol sizes (px): the station stands out, valve pits are the smallest. */
const SYMBOL_SIZE: Record<GisTypeKey, number> = {
  emergencyServices: 16,
  boilerPlant: 12,
  valveChamber: 11,
  valvePit: 9,
  measuringPoint: 12,
  mainPipe: 10,
  distributionPipe: 10,
  servicePipe: 10,
  alarmWire: 10,
};

type Picked = { key: GisTypeKey; feature: GisFeature };
type Props = Pick<WidgetProps, 'dashboardId' | 'widgetId' | 'widget'> & { map: L.Map };

/** Mounted by the unit map; renders nothing (and fetches nothing) without a GIS customer in view. */
export function GisLayers(props: Props) {
  const customers = useGisCustomers();
  if (customers.length === 0) return null;
  return <GisOverlay {...props} customers={customers} />;
}

function GisOverlay({ map, dashboardId, widgetId, widget, customers }: Props & { customers: number[] }) {
  const { t } = useTranslation();
  const { loading, failed, groups } = useGisData(customers);
  const present = LIST_ORDER.filter((k) => (groups.get(k)?.length ?? 0) > 0);
  const hidden = hiddenTypes(widget.props);
  const hiddenKey = hidden.join(',');
  const near = useNear(map);
  // Once built, the layers stay for when the map comes back in.
  const [wanted, setWanted] = useState(near);
  useEffect(() => {
    if (near) setWanted(true);
  }, [near]);

  // Panes under the unit markers (overlay pane, z 400): areas and lines, and point symbols above them.
  const [renderer, setRenderer] = useState<L.SVG>();
  useEffect(() => {
    const paths = map.getPane(PATHS_PANE) ?? map.createPane(PATHS_PANE);
    paths.style.zIndex = '350';
    const points = map.getPane(POINTS_PANE) ?? map.createPane(POINTS_PANE);
    points.style.zIndex = '380';
    const svg = L.svg({ pane: PATHS_PANE, padding: 0.5 });
    setRenderer(svg);
    return () => {
      svg.remove();
      setRenderer(undefined);
    };
  }, [map]);

  // One GeoJSON layer per type, filled below; each drawn element carries its feature's index for
  // picking.
  const picked = useRef<Picked[]>([]);
  const layers = useMemo(() => {
    const out = new Map<GisTypeKey, L.GeoJSON>();
    if (!renderer || !wanted) return out;
    const list: Picked[] = [];
    for (const key of DRAW_ORDER) {
      const features = groups.get(key);
      if (!features?.length) continue;
      const className = `gis-shape gis-shape--${key}`;
      const layer = L.geoJSON(undefined, {
        pane: PATHS_PANE,
        renderer,
        interactive: false,
        style: () => ({ className, weight: 2, interactive: false }),
        pointToLayer: (_f, at) =>
          key === 'measuringPoint'
            ? L.circleMarker(at, {
                renderer,
                pane: PATHS_PANE,
                radius: 11,
                fill: false,
                className,
                interactive: false,
              })
            : L.marker(at, {
                pane: POINTS_PANE,
                interactive: false,
                keyboard: false,
                icon: L.divIcon({
                  className: `gis-symbol gis-symbol--${key}`,
                  iconSize: [SYMBOL_SIZE[key], SYMBOL_SIZE[key]],
                  html: '',
                }),
              }),
        onEachFeature: (f, l) => {
          const index = list.push({ key, feature: f as unknown as GisFeature }) - 1;
          l.on('add', () => {
            const el = (l as L.Path | L.Marker).getElement?.();
            el?.setAttribute('data-gis-index', String(index));
            el?.setAttribute('data-gis-type', key);
          });
        },
      } as L.GeoJSONOptions);
      out.set(key, layer);
    }
    picked.current = list;
    return out;
  }, [groups, renderer, wanted]);

  // The features go into their layers FEATURES_PER_TASK at a time, in draw order, one task each:
  // a fleet-wide network (thousands of paths) built and drawn at once held the page for hundreds
  // of milliseconds as a map opened. `filled` is the layers once every feature is in them.
  const [filled, setFilled] = useState<typeof layers>();
  useEffect(() => {
    // From empty, whatever ran before.
    for (const layer of layers.values()) layer.clearLayers();
    picked.current.length = 0;
    const steps = DRAW_ORDER.flatMap((key) => {
      const features = groups.get(key) ?? [];
      const layer = layers.get(key);
      if (!layer) return [];
      return Array.from({ length: Math.ceil(features.length / FEATURES_PER_TASK) }, (_, i) => () => {
        const chunk = features.slice(i * FEATURES_PER_TASK, (i + 1) * FEATURES_PER_TASK);
        layer.addData({ type: 'FeatureCollection', features: chunk } as unknown as GeoJSON.FeatureCollection);
      });
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (i: number) => {
      if (i === steps.length) return setFilled(layers);
      steps[i]?.();
      timer = setTimeout(() => next(i + 1));
    };
    next(0);
    return () => clearTimeout(timer);
  }, [groups, layers]);

  // Shown types on the map, in draw order (re-added in order so areas stay under the pipes); none far out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: hiddenKey stands for hidden
  useEffect(() => {
    const off = new Set(hidden);
    for (const layer of layers.values()) layer.remove();
    if (!near) return;
    for (const key of DRAW_ORDER) {
      const layer = layers.get(key);
      if (layer && !off.has(key) && !NEAR_ONLY.has(key)) layer.addTo(map);
    }
    return () => {
      for (const layer of layers.values()) layer.remove();
    };
  }, [map, layers, hiddenKey, near]);

  // Valve symbols and rings are in the page only in and around the view, and only from
  // SYMBOL_MIN_ZOOM on. A fleet-wide network has thousands of them: off-screen ones made every zoom
  // restyle and animate them all, and far out (the whole network in view) adding them, hidden,
  // took most of each move's end. They come last in the draw order, so adding them after the
  // others keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: hiddenKey stands for hidden
  useEffect(() => {
    if (filled !== layers) return;
    const points = DRAW_ORDER.filter((k) => NEAR_ONLY.has(k) && !hidden.includes(k)).flatMap(
      (k) => (layers.get(k)?.getLayers() ?? []) as (L.Marker | L.CircleMarker)[],
    );
    const shown = new Set<L.Layer>();
    const update = () => {
      const near = map.getZoom() >= SYMBOL_MIN_ZOOM;
      const view = map.getBounds().pad(0.5);
      for (const point of points) {
        const wanted = near && view.contains(point.getLatLng());
        if (wanted === shown.has(point)) continue;
        if (wanted) shown.add(point.addTo(map));
        else {
          shown.delete(point);
          point.remove();
        }
      }
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
      for (const point of shown) point.remove();
    };
  }, [map, layers, filled, hiddenKey]);

  // A click that no unit took: the feature under it (point symbols first, then lines, then areas).
  const popupRef = useRef<L.Popup>(undefined);
  useEffect(() => {
    const pick = (client: { x: number; y: number }, offsets: readonly [number, number][]) => {
      let line: Picked | undefined;
      let area: Picked | undefined;
      for (const [dx, dy] of offsets) {
        for (const el of document.elementsFromPoint(client.x + dx, client.y + dy)) {
          const index = el.closest?.('[data-gis-index]')?.getAttribute('data-gis-index');
          const hit = index == null ? undefined : picked.current[Number(index)];
          if (!hit || !map.getContainer().contains(el)) continue;
          const kind = hit.feature.geometry.type;
          if (kind === 'Point') return hit;
          if (kind === 'LineString') line ??= hit;
          else area ??= hit;
        }
      }
      return line ?? area;
    };
    const onClick = (e: L.LeafletMouseEvent) => {
      const hit = pick({ x: e.originalEvent.clientX, y: e.originalEvent.clientY }, PICK_OFFSETS);
      if (!hit) return;
      if (!popupRef.current) {
        popupRef.current = L.popup({ className: 'unit-map__popup gis-popup', autoPanPadding: [24, 24], maxWidth: 280 });
      }
      const popup = popupRef.current;
      popup.setContent(popupContent(hit, t)).setLatLng(e.latlng).openOn(map);
    };
    let frame = 0;
    const onMove = (e: L.LeafletMouseEvent) => {
      cancelAnimationFrame(frame);
      // No hover while a button is held (the map is dragged): each pick hit-tests every path
      // under the pointer, and a drag moved the pointer every frame.
      if (e.originalEvent.buttons !== 0) return;
      const at = { x: e.originalEvent.clientX, y: e.originalEvent.clientY };
      frame = requestAnimationFrame(() => {
        map.getContainer().classList.toggle('gis-hover', pick(at, PICK_OFFSETS.slice(0, 9)) !== undefined);
      });
    };
    map.on('click', onClick);
    map.on('mousemove', onMove);
    return () => {
      cancelAnimationFrame(frame);
      map.off('click', onClick);
      map.off('mousemove', onMove);
      map.getContainer().classList.remove('gis-hover');
      popupRef.current?.remove();
    };
  }, [map, t]);

  return (
    <GisPanel
      map={map}
      dashboardId={dashboardId}
      widgetId={widgetId}
      widget={widget}
      groups={groups}
      present={present}
      hidden={hidden}
      near={near}
      loading={loading}
      failed={failed}
    />
  );
}

/** Whether the map is close enough for the network (NETWORK_MIN_ZOOM), following its zoom. */
function useNear(map: L.Map) {
  const [near, setNear] = useState(() => map.getZoom() >= NETWORK_MIN_ZOOM);
  useEffect(() => {
    const update = () => setNear(map.getZoom() >= NETWORK_MIN_ZOOM);
    update();
    map.on('zoomend', update);
    return () => {
      map.off('zoomend', update);
    };
  }, [map]);
  return near;
}

function popupContent({ key, feature }: Picked, t: (k: string) => string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'unit-popup gis-popup__body';
  root.dataset.gisType = key;
  const name = document.createElement('div');
  name.className = 'unit-popup__name';
  name.textContent = featureName(feature) || t(`widgets.map.gis.types.${key}`);
  const facts = document.createElement('dl');
  facts.className = 'unit-popup__facts';
  const fact = (label: string, value: string) => {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    facts.append(dt, dd);
  };
  fact(t('widgets.map.gis.type'), t(`widgets.map.gis.types.${key}`));
  if (feature.properties.UnitLocation) fact(t('widgets.map.location'), feature.properties.UnitLocation);
  root.append(name, facts);
  return root;
}
