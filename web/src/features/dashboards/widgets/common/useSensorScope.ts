import { useMemo } from 'react';
import { useDevices, useFilteredDevices, useSelectedUnits, useShowValues } from '../../data.ts';
import { type SensorKind, unitScope } from './sensorUnits.ts';

/**
 * The units a sensor widget shows (see unitScope) for its settings' `chosen` units, with the
 * queries it read them from: every device of the user, and the latest values.
 */
export function useSensorScope(sensor: SensorKind, dashboardId: string, widgetId: string, chosen: readonly number[]) {
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const all = useDevices();
  const inView = useFilteredDevices(dashboardId);
  const values = useShowValues();
  const scope = useMemo(
    () => unitScope(sensor, { chosen, selected, all: all.data ?? [], inView: inView.data, values: values.data }),
    [sensor, chosen, selected, all.data, inView.data, values.data],
  );
  return { scope, all, values };
}
