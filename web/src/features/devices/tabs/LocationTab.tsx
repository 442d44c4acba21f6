import './unitTabs.css';
import { type DeviceDetails, fieldsOfTab, type UnitSettings } from '@fieldwatch/core';
import * as L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBaseTiles } from '@/lib/map/baseTiles.ts';
import { useClientConfig } from '@/lib/useClientConfig.ts';
import { SettingsForm } from '../SettingsForm.tsx';

const DEFAULT_VIEW: L.LatLngExpression = [57.7, 12.0];
const PICK_ZOOM = 15;

/**
 * Location: pick the unit's position on the map (a click or a drag of the pin fills latitude and
 * longitude) and write its address text; saved with the other location fields.
 */
export function LocationTab({
  unit,
  settings,
  canEdit,
  canSend,
}: {
  unit: DeviceDetails;
  settings: UnitSettings;
  canEdit: boolean;
  canSend: boolean;
}) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const box = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<Record<string, string>>();
  const [tilesFailed, setTilesFailed] = useState(false);
  const lat = settings.GPSLatitude;
  const lon = settings.GPSLongitude;

  useEffect(() => {
    if (!box.current || !config.data) return;
    const known = typeof lat === 'number' && typeof lon === 'number';
    const map = L.map(box.current, { zoomControl: true, attributionControl: true }).setView(
      known ? [lat, lon] : DEFAULT_VIEW,
      known ? PICK_ZOOM : 5,
    );
    const removeTiles = addBaseTiles(map, config.data, { maxZoom: 19 }, (ok) => setTilesFailed(!ok));
    const pin = L.circleMarker(known ? [lat, lon] : DEFAULT_VIEW, {
      radius: 9,
      color: '#fff',
      weight: 2,
      fillColor: '#4bd3af',
      fillOpacity: known ? 1 : 0,
      opacity: known ? 1 : 0,
    }).addTo(map);
    const place = (at: L.LatLng) => {
      pin.setLatLng(at).setStyle({ opacity: 1, fillOpacity: 1 });
      setPicked({ GPSLatitude: at.lat.toFixed(6), GPSLongitude: at.lng.toFixed(6) });
    };
    if (canEdit) map.on('click', (e: L.LeafletMouseEvent) => place(e.latlng));
    return () => {
      removeTiles();
      map.remove();
    };
  }, [config.data, lat, lon, canEdit]);

  return (
    <div className="location-tab">
      <div
        ref={box}
        className="location-tab__map"
        role="application"
        aria-label={t('devices.location.map', { name: unit.name })}
      />
      {tilesFailed && <p className="muted">{t('widgets.map.tilesUnavailable')}</p>}
      <p className="muted">{t(canEdit ? 'devices.location.hint' : 'devices.location.readOnly')}</p>
      <SettingsForm
        unitId={unit.id}
        fields={fieldsOfTab('location')}
        settings={settings}
        canEdit={canEdit}
        canSend={canSend}
        picked={picked}
      />
    </div>
  );
}
