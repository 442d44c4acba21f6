import {
  ALARM_TYPE_CODES,
  type AlarmJoinBody,
  type AlarmSeverityBody,
  type AlarmSeverityList,
  defaultSeverityOf,
  type EffectiveAlarmSeverities,
  type ForecastDaysBody,
  type Severity,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import { reachedOrganizations } from '../organizations/organizations.service.ts';
import { type Admin, requireAdministered } from './admin.access.ts';
import * as alarmSeverityRepository from './alarmSeverity.repository.ts';
import {
  effectiveSeverities,
  eventSettingsOf,
  ownAndInherited,
  writeEventSettings,
} from './alarmSeverity.repository.ts';

/** For the event engine: the severities that apply to each organization (nearest setting per type). */
export { effectiveSeverities };

/**
 * Every alarm type with the severity its new events get in the organization: its own setting, else
 * what it inherits (the nearest ancestor's setting, else the spec default). A SuperUser of the
 * organization or above only (403 otherwise, as for an organization that does not exist).
 */
export async function alarmSeverityList(
  db: Queryable,
  admin: Admin,
  organizationId: number,
): Promise<AlarmSeverityList> {
  await requireAdministered(db, admin, organizationId);
  const { own, inherited } = await ownAndInherited(db, organizationId);
  return {
    organizationId,
    ...(await eventSettingsOf(db, organizationId)),
    types: ALARM_TYPE_CODES.map((alarmType) => {
      const above: Severity | undefined = inherited[alarmType];
      const from = above ?? defaultSeverityOf(alarmType);
      return {
        alarmType,
        own: own[alarmType] ?? null,
        inherited: from,
        inheritedFrom: above ? ('ancestor' as const) : ('default' as const),
        effective: own[alarmType] ?? from,
      };
    }),
  };
}

/**
 * Sets or clears (null) the severity of alarm types for the organization and, through inheritance,
 * every organization below it that sets none of its own. Events already raised keep their
 * category; the next ones get the new severity. The body's schema refuses unknown types and levels.
 */
export async function saveAlarmSeverities(db: Db, admin: Admin, organizationId: number, body: AlarmSeverityBody) {
  await requireAdministered(db, admin, organizationId);
  const types = body.severities.map((s) => s.alarmType);
  if (new Set(types).size !== types.length) throw new HttpError(400, 'An alarm type is given more than once');
  await db.transaction((tx) => writeSeverities(tx, organizationId, body.severities));
  return alarmSeverityList(db, admin, organizationId);
}

/**
 * Sets the hours within which an alarm raised again joins its earlier event in this organization
 * (null: back to the default). Applies to the next raises.
 */
export async function saveJoinHours(db: Db, admin: Admin, organizationId: number, body: AlarmJoinBody) {
  await requireAdministered(db, admin, organizationId);
  await writeEventSettings(db, organizationId, { joinHours: body.hours });
  return alarmSeverityList(db, admin, organizationId);
}

/**
 * Sets the days ahead within which a forecast crossing raises a warning in this organization (null:
 * back to the default). Applies from the forecaster's next run.
 */
export async function saveForecastDays(db: Db, admin: Admin, organizationId: number, body: ForecastDaysBody) {
  await requireAdministered(db, admin, organizationId);
  await writeEventSettings(db, organizationId, { forecastDays: body.days });
  return alarmSeverityList(db, admin, organizationId);
}

/**
 * What applies in each organization the user sees: the alarm types set on it or above it (other
 * types have their spec default). The web colours unit alarms with it.
 */
export async function visibleSeverities(db: Queryable, session: SessionRow): Promise<EffectiveAlarmSeverities> {
  const ids = (await reachedOrganizations(db, session)).map((o) => o.id);
  const effective = await effectiveSeverities(db, ids);
  return ids.flatMap((organizationId) => {
    const set = effective.get(organizationId);
    const severities = Object.entries(set ?? {}).map(([type, severity]) => ({
      alarmType: Number(type),
      severity: severity as Severity,
    }));
    return severities.length ? [{ organizationId, severities }] : [];
  });
}

/** Sets or clears an organization's own severities (the demo seeds them). */
export function writeSeverities(
  db: Queryable,
  organizationId: number,
  changes: readonly { alarmType: number; severity: Severity | null }[],
) {
  return alarmSeverityRepository.writeSeverities(db, organizationId, changes);
}
