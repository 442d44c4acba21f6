import { emptyFilter, type FilterSettings } from '@fieldwatch/core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Device refresh interval and the default date interval (index into TIME_RANGES). */
const REFRESH_INTERVAL_MS = 5 * 60 * 1000;
export const DEFAULT_DATE_INTERVAL = 4;

/**
 * The device store: persistent (dateInterval, weather, widgetsHidden, filterSettings,
 * auto refresh) and transient (textSearch, refreshKey).
 */
type DeviceState = {
  dateInterval: number;
  customRange: { start: string; end: string } | null;
  weather: { lat: number; lon: number } | null;
  widgetsHidden: string[];
  filterSettings: FilterSettings;
  autoRefresh: boolean;
  textSearch: string;
  refreshKey: number;
};

const initial: DeviceState = {
  dateInterval: DEFAULT_DATE_INTERVAL,
  customRange: null,
  weather: null,
  widgetsHidden: ['UnitWeather'],
  filterSettings: emptyFilter(),
  autoRefresh: false,
  textSearch: '',
  refreshKey: 0,
};

export const useDeviceStore = create<DeviceState>()(
  persist(() => initial, {
    name: 'fieldwatch.device',
    partialize: ({ textSearch: _t, refreshKey: _r, ...kept }) => kept,
  }),
);

let timer: ReturnType<typeof setInterval> | undefined;

/** Each tick forces a re-fetch of the current devices and increments the refresh key. */
export function refreshDevices() {
  useDeviceStore.setState((s) => ({ refreshKey: s.refreshKey + 1 }));
}

function runTimer(on: boolean) {
  clearInterval(timer);
  timer = on ? setInterval(refreshDevices, REFRESH_INTERVAL_MS) : undefined;
}

/** Flips auto refresh and starts or stops the repeating timer. */
export function toggleAutoRefresh() {
  const on = !useDeviceStore.getState().autoRefresh;
  useDeviceStore.setState({ autoRefresh: on });
  runTimer(on);
}

/** At start-up the timer starts again if refresh was active. */
export function resumeAutoRefresh() {
  runTimer(useDeviceStore.getState().autoRefresh);
}

export function clearDevices() {
  runTimer(false);
  useDeviceStore.setState(initial);
}
