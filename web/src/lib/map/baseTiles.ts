import 'leaflet/dist/leaflet.css';
import './baseTiles.css';
import L from 'leaflet';

/**
 * After a tile server did not answer, no map asks it again for this long, in this tab or another,
 * after a reload too (kept in localStorage): every failed tile is a console error and a wasted
 * round trip, and an offline site would see dozens per map.
 */
const RETRY_AFTER_MS = 10 * 60_000;
const UNAVAILABLE_KEY = 'fieldwatch.tilesUnavailableUntil';

const unavailableUntil = (template: string) => {
  try {
    const [until, url] = JSON.parse(localStorage.getItem(UNAVAILABLE_KEY) ?? '[]') as [number?, string?];
    return url === template ? (until ?? 0) : 0;
  } catch {
    return 0;
  }
};
const markUnavailable = (template: string) =>
  localStorage.setItem(UNAVAILABLE_KEY, JSON.stringify([Date.now() + RETRY_AFTER_MS, template]));

type Tiles = { tileUrl: string; tileAttribution: string };

/** The tile of the map's centre at its zoom, from the URL template; undefined for a template it cannot fill. */
function centreTile(map: L.Map, template: string): string | undefined {
  const z = Math.round(map.getZoom());
  const { x, y } = map.project(map.getCenter(), z).divideBy(256).floor();
  try {
    return L.Util.template(template, { z, x, y, s: 'a', r: '' });
  } catch {
    return undefined;
  }
}

/**
 * Puts the configured raster tiles under a map once one tile of its view has loaded. When the tile
 * server cannot be reached (an offline site, a closed network) the map keeps its plain background,
 * `onAvailable(false)` lets it say so, and maps wait RETRY_AFTER_MS before asking again. Returns
 * the removal, for the effect that added them.
 */
export function addBaseTiles(
  map: L.Map,
  tiles: Tiles,
  options: L.TileLayerOptions,
  onAvailable: (available: boolean) => void,
): () => void {
  if (Date.now() < unavailableUntil(tiles.tileUrl)) {
    onAvailable(false);
    return () => {};
  }
  let layer: L.TileLayer | undefined;
  let removed = false;
  const add = () => {
    if (removed) return;
    layer = L.tileLayer(tiles.tileUrl, { attribution: tiles.tileAttribution, ...options }).addTo(map);
    onAvailable(true);
  };
  const probe = centreTile(map, tiles.tileUrl);
  if (probe === undefined) add();
  else {
    const image = new Image();
    image.onload = add;
    image.onerror = () => {
      markUnavailable(tiles.tileUrl);
      if (!removed) onAvailable(false);
    };
    image.src = probe;
  }
  return () => {
    removed = true;
    layer?.remove();
  };
}
