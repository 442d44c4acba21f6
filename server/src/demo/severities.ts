import type { Severity } from '@fieldwatch/core';
import type { Queryable } from '../db/db.ts';
import { writeSeverities } from '../modules/admin/alarmSeverity.service.ts';

/**
 * The demo utility's severity per alarm type (core/src/events/severity.ts), so that the demo reads
 * as a district-heating operator would set it: the worse a resistance level, the more severe; an
 * open loop (a cut wire, no more supervision) critical; battery and communication worth a look.
 * Types not listed keep the spec default (switch level 2 alert, the rest notice).
 */
const DEMO_SEVERITIES: Readonly<Record<number, Severity>> = {
  0: 'warning', // resistance level 1
  1: 'pre-alert', // resistance level 2
  2: 'alert', // resistance level 3
  3: 'critical', // resistance level 4
  4: 'pre-alert', // loop resistance high
  5: 'critical', // loop open circuit
  6: 'warning', // galvanic level 1
  7: 'alert', // galvanic level 2
  8: 'warning', // radar level 1
  9: 'alert', // radar level 2
  19: 'warning', // communication
  28: 'warning', // battery
  29: 'warning', // switch level 1
  30: 'alert', // switch level 2 (the spec's critical type)
  34: 'alert', // intrusion
  52: 'pre-alert', // ground resistance
};

/** Gives the organization the demo table (once, with the organizations: an administrator may change it). */
export async function seedDemoSeverities(db: Queryable, organizationId: number) {
  await writeSeverities(
    db,
    organizationId,
    Object.entries(DEMO_SEVERITIES).map(([type, severity]) => ({ alarmType: Number(type), severity })),
  );
}
