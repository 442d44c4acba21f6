/**
 * The page side of bench/map-cluster.ts, bundled with esbuild and run in Chromium: the unit maps'
 * clustering (web/src/features/dashboards/widgets/map/cluster.ts) against bare supercluster with
 * the same settings on the same 10,000 units.
 */
import { type MapUnits, type UnitStatus, unitsOfMap } from '@fieldwatch/core';
import Supercluster from 'supercluster';
import {
  type BBox,
  buildClusterIndex,
  CLUSTER_OPTIONS,
  itemsInView,
} from '../web/src/features/dashboards/widgets/map/cluster.ts';

export type PageFigures = {
  units: number;
  build: { ours: number; bare: number };
  zooms: { zoom: number; items: number; ours: number; bare: number }[];
};

/** A reproducible fleet: most units round a few dozen towns, the rest spread over the region. */
function fleet(n: number) {
  let seed = 7;
  const r = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const towns = Array.from({ length: 40 }, () => ({ lat: 55 + r() * 12, lng: 8 + r() * 20 }));
  const devices = Array.from({ length: n }, (_, i) => {
    const town = towns[Math.floor(r() * towns.length)] as { lat: number; lng: number };
    const spread = r() < 0.8 ? 0.15 : 4;
    const s = r();
    const status: UnitStatus = s < 0.04 ? 'alarm' : s < 0.06 ? 'problem' : s < 0.08 ? 'inactive' : 'ok';
    return {
      id: i + 1,
      latitude: town.lat + (r() - 0.5) * spread,
      longitude: town.lng + (r() - 0.5) * spread * 2,
      status,
    };
  });
  // The map's answer, column by column, as the server sends it.
  const answer: MapUnits = {
    ids: devices.map((d) => d.id),
    lat: devices.map((d) => d.latitude),
    lng: devices.map((d) => d.longitude),
    status: devices.map((d) => d.status),
    unplaced: 0,
  };
  return { devices, answer, centre: towns[0] as { lat: number; lng: number } };
}

/** The bounding box of a width × height px map centred on a point at a zoom (256 px tiles). */
function viewBox(lat: number, lng: number, zoom: number, width: number, height: number): BBox {
  const world = 256 * 2 ** zoom;
  const x = ((lng + 180) / 360) * world;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world;
  const toLng = (px: number) => (px / world) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  return [toLng(x - width / 2), toLat(y + height / 2), toLng(x + width / 2), toLat(y - height / 2)];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export function run(opts: { units: number; runs: number; queryRepeats: number; zooms: number[] }): PageFigures {
  // The views are centred on a town, as a user zooming into a busy area sees it.
  const { devices, answer, centre } = fleet(opts.units);
  const boxes = opts.zooms.map((z) => viewBox(centre.lat, centre.lng, z, 1440, 900));

  // What the widget does with the map's answer: read its columns, build the index with the worst
  // status carried up by map/reduce.
  const ours = () => buildClusterIndex(unitsOfMap(answer));
  // Bare supercluster with the same settings: GeoJSON points in, no map/reduce.
  const bare = () =>
    new Supercluster(CLUSTER_OPTIONS).load(
      devices.map((d) => ({
        type: 'Feature' as const,
        properties: { id: d.id },
        geometry: { type: 'Point' as const, coordinates: [d.longitude, d.latitude] },
      })),
    );

  // Warm up both (JIT), then alternate the runs so drift hits both alike.
  for (let i = 0; i < 3; i++) {
    ours();
    bare();
  }
  const buildOurs: number[] = [];
  const buildBare: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    let t = performance.now();
    ours();
    buildOurs.push(performance.now() - t);
    t = performance.now();
    bare();
    buildBare.push(performance.now() - t);
  }

  // The view at each zoom: our drawing list (clusters with colour and size, units sorted worst
  // last) against bare getClusters, repeated so the timer's resolution does not matter.
  const oursIndex = ours();
  const bareIndex = bare();
  const zooms = opts.zooms.map((zoom, zi) => {
    const box = boxes[zi] as BBox;
    const items = itemsInView(oursIndex, box, zoom).length;
    const tOurs: number[] = [];
    const tBare: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      let t = performance.now();
      for (let k = 0; k < opts.queryRepeats; k++) itemsInView(oursIndex, box, zoom);
      tOurs.push((performance.now() - t) / opts.queryRepeats);
      t = performance.now();
      for (let k = 0; k < opts.queryRepeats; k++) bareIndex.getClusters(box, zoom);
      tBare.push((performance.now() - t) / opts.queryRepeats);
    }
    return { zoom, items, ours: median(tOurs), bare: median(tBare) };
  });
  return { units: devices.length, build: { ours: median(buildOurs), bare: median(buildBare) }, zooms };
}
