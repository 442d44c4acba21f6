/**
 * The widget types. `map` marks the map widgets (a dashboard holds one);
 * `right` is the customer widget right a widget needs.
 */
export type WidgetTypeDef = {
  type: WidgetType;
  map: boolean;
  right?: 'Parking' | 'TyrensGIS';
  /** Default size on the md grid (12 columns). */
  w: number;
  h: number;
};

export const WIDGET_TYPES = [
  'status',
  'temp',
  'battery',
  'alarms',
  'weather',
  'deviceMap',
  'deviceList',
  'alarmList',
  'alarmMap',
  'charts',
  'multichart',
  'groupAlarm',
  'parkingStatistics',
  'parkingList',
  'parkingMap',
  'indoorClimate',
  'alarmMonitor',
  'waterLevel',
  'relay',
  'list',
  'airQuality',
  'consumption',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

const def = (type: WidgetType, w: number, h: number, extra: Partial<WidgetTypeDef> = {}): WidgetTypeDef => ({
  type,
  map: false,
  w,
  h,
  ...extra,
});

export const WIDGET_CATALOGUE: readonly WidgetTypeDef[] = [
  def('status', 3, 5),
  def('temp', 3, 5),
  def('battery', 3, 5),
  def('alarms', 3, 5),
  def('weather', 6, 5),
  def('deviceMap', 6, 10, { map: true }),
  def('deviceList', 6, 10),
  def('alarmList', 6, 10),
  def('alarmMap', 6, 10, { map: true }),
  def('charts', 12, 8),
  def('multichart', 12, 8),
  def('groupAlarm', 4, 6),
  def('parkingStatistics', 4, 6, { right: 'Parking' }),
  def('parkingList', 4, 10, { right: 'Parking' }),
  def('parkingMap', 8, 10, { map: true, right: 'Parking' }),
  def('indoorClimate', 6, 8),
  def('alarmMonitor', 6, 8),
  def('waterLevel', 3, 5),
  def('relay', 3, 5),
  def('list', 6, 8),
  def('airQuality', 3, 5),
  def('consumption', 6, 6),
];

const byType = new Map(WIDGET_CATALOGUE.map((d) => [d.type, d]));
export const widgetTypeDef = (type: string): WidgetTypeDef | undefined => byType.get(type as WidgetType);
export const isWidgetType = (type: string): type is WidgetType => byType.has(type as WidgetType);
