import type { Widget, WidgetType } from '@fieldwatch/core';
import {
  Activity,
  BatteryMedium,
  Bell,
  Car,
  ChartLine,
  ChartSpline,
  CircleGauge,
  CloudSun,
  Droplets,
  Flame,
  LayoutGrid,
  List,
  ListChecks,
  type LucideIcon,
  Map as MapIcon,
  MapPinned,
  Power,
  Siren,
  SquareParking,
  Table,
  Thermometer,
  Users,
  Wind,
} from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadChunk } from '@/lib/chunkLoad.ts';

/** What every widget component receives. */
export type WidgetProps = { dashboardId: string; widgetId: string; widget: Widget; editing: boolean };
type Lazy = LazyExoticComponent<ComponentType<WidgetProps>> & { preload: () => Promise<unknown> };

/**
 * What a widget type's settings form receives inside the settings dialog: the props being edited
 * (a copy; saved into the dashboard model only when the dialog is saved) and how to change them.
 */
export type WidgetSettingsProps = {
  dashboardId: string;
  widgetId: string;
  widget: Widget;
  props: Record<string, unknown>;
  onChange: (props: Record<string, unknown>) => void;
};
type LazySettings = LazyExoticComponent<ComponentType<WidgetSettingsProps>>;

/**
 * A widget's code loads with its first use, or earlier through `preload` (the module is the same);
 * a failure or time-out offers a reload (lib/chunkLoad.ts).
 */
const load = <K extends string>(factory: () => Promise<Record<K, ComponentType<WidgetProps>>>, name: K): Lazy =>
  Object.assign(
    lazy(async () => ({ default: (await loadChunk(factory))[name] })),
    { preload: () => factory().catch(() => {}) },
  );

/** A widget type's settings form, loaded when its dialog opens. */
export const loadSettings = <K extends string>(
  factory: () => Promise<Record<K, ComponentType<WidgetSettingsProps>>>,
  name: K,
): LazySettings => lazy(async () => ({ default: (await loadChunk(factory))[name] }));

const map = load(() => import('./widgets/map/UnitMapWidget.tsx'), 'UnitMapWidget');
const mapSettings = loadSettings(() => import('./widgets/map/MapSettings.tsx'), 'MapSettings');
const deviceList = load(() => import('./widgets/list/DeviceListWidget.tsx'), 'DeviceListWidget');
const deviceListSettings = loadSettings(() => import('./widgets/list/ListSettings.tsx'), 'DeviceListSettings');

/**
 * Each widget type's icon, component and settings form (each loaded when first shown, so maps and
 * charts stay out of the first load). Types without a component yet are listed in the picker as
 * coming later; a type without a settings form has only the title in its settings dialog.
 */
export const WIDGET_UI: Record<WidgetType, { icon: LucideIcon; Component?: Lazy; Settings?: LazySettings }> = {
  status: {
    icon: Activity,
    Component: load(() => import('./widgets/kpi/StatusWidget.tsx'), 'StatusWidget'),
    Settings: loadSettings(() => import('./widgets/kpi/KpiSettings.tsx'), 'StatusSettings'),
  },
  temp: {
    icon: Thermometer,
    Component: load(() => import('./widgets/kpi/TempWidget.tsx'), 'TempWidget'),
    Settings: loadSettings(() => import('./widgets/kpi/KpiSettings.tsx'), 'TempSettings'),
  },
  battery: {
    icon: BatteryMedium,
    Component: load(() => import('./widgets/kpi/BatteryWidget.tsx'), 'BatteryWidget'),
    Settings: loadSettings(() => import('./widgets/kpi/KpiSettings.tsx'), 'BatterySettings'),
  },
  alarms: {
    icon: Bell,
    Component: load(() => import('./widgets/kpi/AlarmsWidget.tsx'), 'AlarmsWidget'),
    Settings: loadSettings(() => import('./widgets/kpi/KpiSettings.tsx'), 'AlarmsSettings'),
  },
  weather: {
    icon: CloudSun,
    Component: load(() => import('./widgets/weather/WeatherWidget.tsx'), 'WeatherWidget'),
    Settings: loadSettings(() => import('./widgets/weather/WeatherSettings.tsx'), 'WeatherSettings'),
  },
  deviceMap: { icon: MapIcon, Component: map, Settings: mapSettings },
  alarmMap: { icon: MapPinned, Component: map, Settings: mapSettings },
  parkingMap: { icon: SquareParking, Component: map, Settings: mapSettings },
  deviceList: { icon: List, Component: deviceList, Settings: deviceListSettings },
  parkingList: { icon: Car, Component: deviceList, Settings: deviceListSettings },
  alarmList: {
    icon: Siren,
    Component: load(() => import('./widgets/list/AlarmListWidget.tsx'), 'AlarmListWidget'),
    Settings: loadSettings(() => import('./widgets/list/ListSettings.tsx'), 'AlarmListSettings'),
  },
  charts: {
    icon: ChartLine,
    Component: load(() => import('./widgets/chart/ChartWidget.tsx'), 'ChartWidget'),
    Settings: loadSettings(() => import('./widgets/chart/ChartSettings.tsx'), 'ChartSettings'),
  },
  parkingStatistics: {
    icon: CircleGauge,
    Component: load(() => import('./widgets/kpi/ParkingStatisticsWidget.tsx'), 'ParkingStatisticsWidget'),
    Settings: loadSettings(() => import('./widgets/common/ParkingWindowSettings.tsx'), 'ParkingWindowSettings'),
  },
  multichart: {
    icon: ChartSpline,
    Component: load(() => import('./widgets/chart/MultichartWidget.tsx'), 'MultichartWidget'),
    Settings: loadSettings(() => import('./widgets/chart/MultichartSettings.tsx'), 'MultichartSettings'),
  },
  groupAlarm: {
    icon: Users,
    Component: load(() => import('./widgets/groupAlarm/GroupAlarmWidget.tsx'), 'GroupAlarmWidget'),
    Settings: loadSettings(() => import('./widgets/groupAlarm/GroupAlarmSettings.tsx'), 'GroupAlarmSettings'),
  },
  indoorClimate: {
    icon: Flame,
    Component: load(() => import('./widgets/indoorClimate/IndoorClimateWidget.tsx'), 'IndoorClimateWidget'),
    Settings: loadSettings(() => import('./widgets/indoorClimate/IndoorClimateSettings.tsx'), 'IndoorClimateSettings'),
  },
  alarmMonitor: {
    icon: ListChecks,
    Component: load(() => import('./widgets/alarmMonitor/AlarmMonitorWidget.tsx'), 'AlarmMonitorWidget'),
    Settings: loadSettings(() => import('./widgets/alarmMonitor/AlarmMonitorSettings.tsx'), 'AlarmMonitorSettings'),
  },
  waterLevel: {
    icon: Droplets,
    Component: load(() => import('./widgets/waterLevel/WaterLevelWidget.tsx'), 'WaterLevelWidget'),
    Settings: loadSettings(() => import('./widgets/waterLevel/WaterLevelWidget.tsx'), 'WaterLevelSettings'),
  },
  relay: {
    icon: Power,
    Component: load(() => import('./widgets/relay/RelayWidget.tsx'), 'RelayWidget'),
    Settings: loadSettings(() => import('./widgets/relay/RelaySettings.tsx'), 'RelaySettings'),
  },
  list: {
    icon: Table,
    Component: load(() => import('./widgets/report/ListWidget.tsx'), 'ListWidget'),
    Settings: loadSettings(() => import('./widgets/report/ListSettings.tsx'), 'ListSettings'),
  },
  airQuality: {
    icon: Wind,
    Component: load(() => import('./widgets/airQuality/AirQualityWidget.tsx'), 'AirQualityWidget'),
    Settings: loadSettings(() => import('./widgets/airQuality/AirQualityWidget.tsx'), 'AirQualitySettings'),
  },
  consumption: {
    icon: LayoutGrid,
    Component: load(() => import('./widgets/consumption/ConsumptionWidget.tsx'), 'ConsumptionWidget'),
    Settings: loadSettings(() => import('./widgets/consumption/ConsumptionWidget.tsx'), 'ConsumptionSettings'),
  },
};

/** Starts loading the code of these widget types, so a dashboard's widgets need not wait for it. */
export function preloadWidgetCode(types: Iterable<WidgetType>) {
  for (const type of new Set(types)) void WIDGET_UI[type]?.Component?.preload();
}
