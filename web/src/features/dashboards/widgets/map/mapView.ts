import type { Map as LeafletMap } from 'leaflet';

/**
 * The map settings' "remember the view": each map widget keeps its last centre and zoom in this
 * browser (per widget id), and opens there instead of fitting every unit.
 */
const key = (widgetId: string) => `fieldwatch.mapView.${widgetId}`;

export type SavedView = { lat: number; lng: number; zoom: number };

/** A stored view read defensively; undefined when missing or invalid. */
export function parseView(text: string | null): SavedView | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<SavedView>;
    const ok =
      typeof v.lat === 'number' &&
      typeof v.lng === 'number' &&
      typeof v.zoom === 'number' &&
      Math.abs(v.lat) <= 90 &&
      Math.abs(v.lng) <= 540 &&
      v.zoom >= 0 &&
      v.zoom <= 22;
    return ok ? { lat: v.lat as number, lng: v.lng as number, zoom: v.zoom as number } : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the map at its remembered view; false when there is none. */
export function restoreView(map: LeafletMap, widgetId: string): boolean {
  const v = parseView(globalThis.localStorage?.getItem(key(widgetId)) ?? null);
  if (!v) return false;
  map.setView([v.lat, v.lng], v.zoom, { animate: false });
  return true;
}

/** Keeps the view after every move and zoom; returns the unsubscribe. */
export function rememberView(map: LeafletMap, widgetId: string): () => void {
  const save = () => {
    const c = map.getCenter();
    const view: SavedView = { lat: +c.lat.toFixed(5), lng: +c.lng.toFixed(5), zoom: map.getZoom() };
    try {
      globalThis.localStorage?.setItem(key(widgetId), JSON.stringify(view));
    } catch {
      // Storage full or blocked: the map simply fits every unit next time.
    }
  };
  map.on('moveend', save);
  return () => {
    map.off('moveend', save);
  };
}
