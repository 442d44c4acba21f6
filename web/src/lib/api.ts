import type {
  Access,
  Alarm,
  BuiltinKey,
  DashboardModel,
  DashboardRecord,
  Device,
  FilterParams,
  FilterSettings,
  KpiAlarmRow,
  KpiBatteryRow,
  LoginResponse,
  MapUnits,
  MapVariant,
  ParkingReport,
  Profile,
  RadarFinding,
  Session,
  StatusCounts,
  TemperatureSummary,
  UnitData,
  UnitForecast,
  UnitShowValue,
  UserSession,
} from '@fieldwatch/core';
import { api } from './http.ts';

/** One function per call that the shell uses, typed from core's contract. */
export const authApi = {
  login: (username: string, password: string) => api.post<LoginResponse>('/api/v2/auth/login', { username, password }),
  logout: () => api.get<{ success: boolean }>('/api/v2/auth/logout'),
  sessions: () => api.get<Session[]>('/api/v2/auth/session'),
  loginAccess: () => api.get<Access[]>('/api/v1/xrequest/LoginAccess'),
  userSession: () => api.get<UserSession>('/api/v3/user/session'),
  setCurrentOrganization: (id: number) => api.put<UserSession>(`/api/v3/user/session/current_organization?id=${id}`),
};

/** The session's organizations and the current one, shared by the top bar and the dashboard menus. */
export const userSessionQuery = { queryKey: ['userSession'] as const, queryFn: authApi.userSession };
export type { Profile };

/** Query text of a GET call; undefined values are left out. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The dashboard calls; ids are the encoded ones throughout. */
export const dashboardApi = {
  /** The user's own dashboards, or with `useContext` the current organization's workspace ones. */
  list: (useContext = false) =>
    api.get<DashboardRecord[]>(`/api/v3/user/dashboard${query({ useContext: useContext || undefined })}`),
  create: (name: string, templateId?: BuiltinKey, useContext = false) =>
    api.post<DashboardRecord>('/api/v3/user/dashboard', { name, templateId: templateId ?? null, useContext }),
  save: (id: string, dashboard: DashboardModel) => api.put<DashboardRecord>(`/api/v3/user/dashboard/${id}`, dashboard),
  rename: (id: string, name: string) =>
    api.put<DashboardRecord>(`/api/v3/user/dashboard/${id}/updateName`, { id, name }),
  setFilter: (id: string, filter: FilterSettings) =>
    api.put<DashboardRecord>(`/api/v3/user/dashboard/${id}/filter`, filter),
  remove: (id: string) => api.delete<{ success: boolean }>(`/api/v3/user/dashboard/${id}`),
};

const X = '/api/v1/xrequest';
const ids = (list: readonly number[]) => list.join(',');

/** The unit and telemetry calls the dashboards use. */
export const deviceApi = {
  devices: (customers: readonly number[]) => api.get<Device[]>(`/api/v1/device${query({ orgs: ids(customers) })}`),
  statusCounts: (customers: readonly number[], params: FilterParams) =>
    api.get<StatusCounts>(`/api/v1/device/statusCounts${query({ orgs: ids(customers), ...params })}`),
  mapUnits: (customers: readonly number[], params: FilterParams & { variant: MapVariant }) =>
    api.get<MapUnits>(`/api/v1/device/mapUnits${query({ orgs: ids(customers), ...params })}`),
  forecasts: (customers: readonly number[]) =>
    api.get<UnitForecast[]>(`/api/v3/analytics/forecasts${query({ orgs: ids(customers) })}`),
  faults: (customers: readonly number[]) =>
    api.get<RadarFinding[]>(`/api/v3/analytics/faults${query({ orgs: ids(customers) })}`),
  typeCodes: (customers: readonly number[]) =>
    api.get<{ codes: number[] }>(`/api/v1/device/typeCodes${query({ orgs: ids(customers) })}`),
  temperatureSummary: (customers: readonly number[], params: FilterParams & { units?: string }) =>
    api.get<TemperatureSummary>(`/api/v1/device/temperatureSummary${query({ orgs: ids(customers), ...params })}`),
  unitShowValues: (unitIds: readonly number[]) =>
    api.get<UnitShowValue[]>(`${X}/GetUnitsShowValue${query({ UnitIDs: ids(unitIds) })}`),
  showValues: (customers: readonly number[]) =>
    api.get<UnitShowValue[]>(`${X}/GetUnitsShowValue${query({ CustomerIDs: ids(customers) })}`),
  alarms: (customers: readonly number[], startDate: string, rows?: number) =>
    api.get<Alarm[]>(`${X}/GetAlarms${query({ CustomerIDs: ids(customers), StartDate: startDate, Rows: rows })}`),
  kpiAlarms: (customers: readonly number[], startDate: string) =>
    api.post<KpiAlarmRow[]>(`${X}/GetKPIAlarms`, { CustomerIDs: ids(customers), StartDate: startDate }),
  kpiBattery: (customers: readonly number[]) =>
    api.post<KpiBatteryRow[]>(`${X}/GetKPIBattery`, { CustomerIDs: ids(customers) }),
  /** A unit's series from start to end; `records` caps the points per series. */
  unitData: (unitId: number, start: Date, end: Date, records?: number) =>
    api.get<UnitData>(
      `/api/v3/device/devices/${unitId}/data${query({ start: start.toISOString(), end: end.toISOString(), records })}`,
    ),
  parkingUsage: (unitIds: readonly number[], start: string, stop: string) =>
    api.get<ParkingReport>(
      `${X}/GetReportParkingUsage${query({ UnitIDs: ids(unitIds), StartDate: start, StopDate: stop })}`,
    ),
};

/** Weather: the past days and the current temperature at a position, or at a unit's position. */
export const weatherApi = {
  at: (lat: number, lon: number, days: number, lang: string) =>
    api.get<import('@fieldwatch/core').WeatherReport>(`/api/v1/weather/getWeather${query({ lat, lon, days, lang })}`),
  unit: (unitId: number, days: number) =>
    api.get<import('@fieldwatch/core').UnitWeatherReport>(`/api/v1/weather/unit/${unitId}${query({ days })}`),
  status: () => api.get<import('@fieldwatch/core').WeatherStatus>('/api/v1/weather/status'),
};
