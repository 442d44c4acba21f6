import * as L from 'leaflet';
import { Crosshair } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBaseTiles } from '@/lib/map/baseTiles.ts';
import { useClientConfig } from '@/lib/useClientConfig.ts';
import { Button } from '@/ui/Button.tsx';
import type { Position } from './useGeolocation.ts';

const DEFAULT_VIEW: L.LatLngTuple = [57.7, 12.0];
const PICK_ZOOM = 16;

/** The pin: drawn by CSS in the accent colour (interaction, not a status). */
const pinIcon = () => L.divIcon({ className: 'onb__pin', iconSize: [20, 20], iconAnchor: [10, 10] });

/**
 * A map to pick the unit's position: a tap places the pin; a found or known position is shown and
 * centred. Keyboard users pan with the arrow keys and place the pin at the map's centre.
 */
export function PlaceMap({ position, onPick }: { position: Position | null; onPick: (p: Position) => void }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const first = useRef(position);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!box.current || !config.data) return;
    const at = first.current;
    const m = L.map(box.current, { zoomControl: true }).setView(at ?? DEFAULT_VIEW, at ? PICK_ZOOM : 5);
    const removeTiles = addBaseTiles(m, config.data, { maxZoom: 19 }, (ok) => setTilesFailed(!ok));
    m.on('click', (e: L.LeafletMouseEvent) => pick.current([round(e.latlng.lat), round(e.latlng.lng)]));
    setMap(m);
    return () => {
      removeTiles();
      m.remove();
      setMap(null);
      pin.current = null;
    };
  }, [config.data]);

  // The pin follows the position, whoever set it (tap, the phone, the centre button).
  useEffect(() => {
    const m = map;
    if (!m) return;
    if (!position) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (pin.current) pin.current.setLatLng(position);
    else pin.current = L.marker(position, { icon: pinIcon(), keyboard: false }).addTo(m);
    if (!m.getBounds().contains(position) || m.getZoom() < 12) m.setView(position, PICK_ZOOM);
  }, [position, map]);

  const centre = () => {
    const c = map?.getCenter();
    if (c) onPick([round(c.lat), round(c.lng)]);
  };

  return (
    <div className="onb__map-wrap">
      <div ref={box} className="onb__map" role="application" aria-label={t('onboarding.place.map')} />
      {!config.data && (
        <p className="onb__hint">{t(config.isError ? 'onboarding.place.mapFailed' : 'common.loading')}</p>
      )}
      {tilesFailed && <p className="onb__hint">{t('widgets.map.tilesUnavailable')}</p>}
      <Button onClick={centre} disabled={!config.data} icon={<Crosshair size={16} />}>
        {t('onboarding.place.useCentre')}
      </Button>
    </div>
  );
}

/** Six decimals: about 10 cm, more than any phone or tap is worth. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;
