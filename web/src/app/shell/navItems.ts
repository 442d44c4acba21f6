import type { BuiltinKey } from '@fieldwatch/core';
import {
  Bell,
  Car,
  ChartLine,
  ClipboardList,
  Cpu,
  Folders,
  LayoutDashboard,
  List,
  type LucideIcon,
  Map as MapIcon,
  MapPin,
  Settings,
  Siren,
} from 'lucide-react';

export type NavItem = {
  key: string;
  to: string;
  icon: LucideIcon;
  needs?: 'parking' | 'admin';
  builtin?: BuiltinKey;
  /** A name people gave (a dashboard's), shown as written instead of the translated `key`. */
  name?: string;
};

/** The built-in dashboards, by their nav titles; once loaded, links use their ids. */
export const dashboardItems: NavItem[] = [
  { key: 'nav.overview', to: '/dashboard/default', icon: LayoutDashboard, builtin: 'overview' },
  { key: 'nav.units', to: '/dashboard/units', icon: List, builtin: 'units' },
  { key: 'nav.alarmList', to: '/dashboard/alarms', icon: Siren, builtin: 'alarms' },
  { key: 'nav.map', to: '/dashboard/map', icon: MapIcon, builtin: 'map' },
  { key: 'nav.data', to: '/dashboard/telemetry', icon: ChartLine, builtin: 'telemetry' },
  { key: 'nav.parking', to: '/dashboard/parking', icon: Car, builtin: 'parking', needs: 'parking' },
];

export const managementItems: NavItem[] = [
  { key: 'nav.devices', to: '/devicemanagement', icon: Cpu },
  { key: 'nav.groups', to: '/groupmanagement', icon: Folders },
  { key: 'nav.locations', to: '/locationmanagement', icon: MapPin },
  { key: 'nav.tasks', to: '/taskmanagement', icon: ClipboardList },
  { key: 'nav.notifications', to: '/notifications', icon: Bell },
  { key: 'nav.admin', to: '/admin', icon: Settings, needs: 'admin' },
];

/** The first entries on the phone's bottom bar; the rest sit behind "More". */
export const bottomBarItems = dashboardItems.slice(0, 4);
