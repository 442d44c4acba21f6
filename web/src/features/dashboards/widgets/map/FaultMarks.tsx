import './faults.css';
import {
  AlarmType,
  alarmSentence,
  type GisFeature,
  type GisTypeKey,
  type LngLat,
  type MapUnit,
  pointsAlongPipes,
  type RadarFinding,
} from '@fieldwatch/core';
import * as L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGisCustomers, useGisData } from './gis/gisApi.ts';
import { cssVar, escapeHtml } from './mapLook.ts';

/** The pipes a unit's alarm wire runs in. The wire's own lines are drawn beside them and do not join. */
const PIPES: readonly GisTypeKey[] = ['servicePipe', 'distributionPipe', 'mainPipe'];
const FAULT_PANE = 'faultPane';

/** Where a suspected fault is drawn: candidates on the pipes, or a ring at its distance round the unit. */
export type FaultPlace = { finding: RadarFinding; unit: MapUnit; onPipe: LngLat[] };

function pipeLines(groups: ReadonlyMap<GisTypeKey, GisFeature[]>): LngLat[][] {
  return PIPES.flatMap((k) => groups.get(k) ?? []).flatMap((f) =>
    f.geometry.type === 'LineString' ? [f.geometry.coordinates.map(([x, y]) => [x, y] as LngLat)] : [],
  );
}

/**
 * The suggested faults of the radar analysis on the unit map: where the customer has GIS pipes, at
 * the fault's distance along them from the unit (one mark per branch); otherwise a ring of that
 * radius round the unit. A click selects the unit (its popup leads to the radar view).
 */
export function FaultMarks({
  map,
  faults,
  unitOf,
  onUnit,
}: {
  map: L.Map;
  /** The suggested faults (the map reads them once, for its legend too). */
  faults: readonly RadarFinding[] | undefined;
  unitOf: (id: number) => MapUnit | undefined;
  onUnit: (unit: MapUnit) => void;
}) {
  const { t, i18n } = useTranslation();
  const { groups } = useGisData(useGisCustomers());
  const lines = useMemo(() => pipeLines(groups), [groups]);
  const places = useMemo(
    () =>
      (faults ?? []).flatMap((finding): FaultPlace[] => {
        const unit = unitOf(finding.unitId);
        if (!unit) return [];
        return [{ finding, unit, onPipe: pointsAlongPipes([unit.lng, unit.lat], lines, finding.position) }];
      }),
    [faults, lines, unitOf],
  );

  useEffect(() => {
    if (places.length === 0) return;
    // Above the GIS network and the unit dots (400), below the clusters and popups.
    if (!map.getPane(FAULT_PANE)) map.createPane(FAULT_PANE).style.zIndex = '450';
    const color = cssVar('--status-alarm', '#c41539');
    const layer = L.layerGroup().addTo(map);
    for (const place of places) {
      const { finding, unit } = place;
      const sentence = alarmSentence(
        { type: AlarmType.Fault, channel: finding.channel, value: finding.position, limit: finding.uncertainty },
        i18n.language,
        t,
      );
      const label = `${escapeHtml(t('radar.channelN', { n: finding.channel }))}: ${escapeHtml(sentence)}`;
      // A ring with a centre, unlike a unit's filled dot.
      const marks: L.Layer[] =
        place.onPipe.length > 0
          ? place.onPipe.map(([long, lat]) =>
              L.marker([lat, long], {
                pane: FAULT_PANE,
                keyboard: false,
                icon: L.divIcon({ className: 'fault-mark fault-mark--pipe', iconSize: [18, 18] }),
              }),
            )
          : [
              L.circle([unit.lat, unit.lng], {
                pane: FAULT_PANE,
                radius: finding.position,
                color,
                weight: 2,
                dashArray: '6 6',
                fill: false,
                className: 'fault-mark fault-mark--ring',
              }),
            ];
      for (const mark of marks) {
        mark.bindTooltip(label, { sticky: true, direction: 'top' });
        mark.on('click', () => onUnit(unit));
        mark.addTo(layer);
      }
    }
    return () => {
      layer.remove();
    };
  }, [map, places, onUnit, t, i18n.language]);

  return null;
}
