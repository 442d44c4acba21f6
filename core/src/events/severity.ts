import { AlarmType, isCriticalAlarmType } from '../units/alarmTypes.ts';
import type { EventCategory } from './events.ts';
import type { NotificationPriority } from './notifications.ts';
import type { TaskCategory } from './tasks.ts';

/**
 * The one severity scale of the product: the event categories. The interface calls it
 * "severity"; a notification's priority, a task's category and the colour shown are derived from it
 * here and nowhere else. (This module imports only types, so events.ts, notifications.ts and
 * tasks.ts may use it without an import cycle.)
 */
export type Severity = EventCategory;

/**
 * What the colour of a severity is: the suffix of one of the web's status colour tokens
 * (`--status-alarm`, `--status-problem`, `--status-inactive`). Notice is neutral: the accent blue
 * is reserved for interaction (STYLE.md), so it cannot also mean a severity.
 */
export type SeverityColor = 'alarm' | 'problem' | 'inactive';

type SeverityFacts = {
  /** The notification priority of an event of this severity. */
  priority: NotificationPriority;
  /** The category of an alarm task opened for an event of this severity (tasks have no pre-alert). */
  task: TaskCategory;
  color: SeverityColor;
  /** i18n key of the level's name. */
  label: string;
  /** i18n key of the one sentence that explains the level (tooltip and legend). */
  explain: string;
};

const facts = (severity: Severity, priority: NotificationPriority, task: TaskCategory, color: SeverityColor) => ({
  priority,
  task,
  color,
  label: `severity.levels.${severity}`,
  explain: `severity.explain.${severity}`,
});

/** THE table, mildest first: every other vocabulary of severity is read from it. */
export const SEVERITY_TABLE: Readonly<Record<Severity, SeverityFacts>> = {
  notice: facts('notice', 'normal', 'notice', 'inactive'),
  warning: facts('warning', 'high', 'warning', 'problem'),
  'pre-alert': facts('pre-alert', 'high', 'alert', 'problem'),
  alert: facts('alert', 'critical', 'alert', 'alarm'),
  critical: facts('critical', 'critical', 'critical', 'alarm'),
};

/** The severities, mildest first (the same list as EVENT_CATEGORIES). */
export const SEVERITIES = Object.keys(SEVERITY_TABLE) as readonly Severity[];

export const isSeverity = (value: unknown): value is Severity =>
  typeof value === 'string' && Object.hasOwn(SEVERITY_TABLE, value);

export const priorityOfSeverity = (severity: Severity): NotificationPriority => SEVERITY_TABLE[severity].priority;
export const taskCategoryOfSeverity = (severity: Severity): TaskCategory => SEVERITY_TABLE[severity].task;

/**
 * The severity a notification shows when only its priority is known (its event is not at hand):
 * the mildest severity that gives the priority. `low`, which no severity gives, shows as notice.
 */
export const severityOfPriority = (priority: NotificationPriority): Severity =>
  SEVERITIES.find((s) => SEVERITY_TABLE[s].priority === priority) ?? 'notice';

/** A task's category is itself a severity (one without pre-alert). */
export const severityOfTaskCategory = (category: TaskCategory): Severity => category;

/** Compares severities: negative when `a` is milder than `b`. */
export const compareSeverity = (a: Severity, b: Severity) => SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b);

/**
 * Critical alarm types (0 and 30) and a suspected fault are alerts, a forecast is a warning, every
 * other type a notice.
 */
export const defaultSeverityOf = (alarmType: number): Severity => {
  if (isCriticalAlarmType(alarmType) || alarmType === AlarmType.Fault) return 'alert';
  if (alarmType === AlarmType.ForecastResistance || alarmType === AlarmType.ForecastBattery) return 'warning';
  return 'notice';
};

/** Severities set for alarm types (by type code); a type not in it has its spec default. */
export type AlarmSeverities = Readonly<Partial<Record<number, Severity>>>;

/** The severity of an alarm type under an organization's settings (spec default without one). */
export const severityOfAlarmType = (alarmType: number, severities?: AlarmSeverities): Severity =>
  severities?.[alarmType] ?? defaultSeverityOf(alarmType);

/**
 * The settings that apply to an organization, from the settings of it and its ancestors, nearest
 * first: for each alarm type the nearest organization's setting wins.
 */
export function nearestSeverities(chain: readonly AlarmSeverities[]): AlarmSeverities {
  const out: Partial<Record<number, Severity>> = {};
  for (const settings of [...chain].reverse()) Object.assign(out, settings);
  return out;
}
