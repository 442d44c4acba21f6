import { PNG_1X1 } from '../fixtures/images.ts';
import { ADMIN_PROBES } from './adminProbes.ts';
import {
  container,
  finding,
  floorPlan,
  LIST,
  marker,
  note,
  OWN,
  on,
  org,
  type Probe,
  png,
  tag,
  task,
  uid,
  unit,
  uq,
} from './probeKit.ts';
import { SAMPLE_DATE as D } from './requests.ts';
import type { Route } from './routes.ts';

/**
 * How the authorisation matrix calls each route of the route table, keyed "METHOD /url/pattern".
 * Who may call it is not repeated here: the matrix reads the route's own declaration
 * (`config.policy`, server/src/plugins/policy.ts) and this table only says how to build a
 * schema-valid request about the objects of one place. A route missing here fails
 * authorization-matrix-sessions.test.ts until it is described, and so does an entry whose route is gone.
 *
 * `req` builds the request (the rest comes from the schema, see minimalOf), so that validation
 * (400) never hides the decision. For a scoped route, `object` and `param` say which object the
 * request names; `matrix: false` runs it anonymous only, not yet role × place (`why` says why).
 */

export type { ObjectKind, Objects, Policy, Req } from './probeKit.ts';
export { MATRIX_WEBHOOK } from './probeKit.ts';

export const PROBES: Record<string, Probe> = {
  ...ADMIN_PROBES,
  'GET /metrics': { why: 'loopback or METRICS_TOKEN, no session', remoteAddress: '127.0.0.1' },
  'GET /api/health': note('health check'),
  'GET /api/v3/config': note('settings the sign-in page needs'),
  'POST /api/v2/auth/login': note('sign-in', () => ({ body: { username: 'nobody', password: 'wrong' } })),
  'POST /api/v1/auth/login': note('sign-in', () => ({ body: { username: 'nobody', password: 'wrong' } })),
  'POST /api/v2/auth/login/two-factor': note('the second sign-in step, about its own challenge', () => ({
    body: { challenge: 'no-such-challenge-0000000000000', code: '123456' },
  })),
  'GET /api/v2/auth/logout': note('sign-out ends whatever session there is'),
  'GET /api/v1/auth/logout': note('sign-out ends whatever session there is'),
  'GET /api/v2/auth': note(OWN),
  'GET /api/v2/auth/session': note(OWN),
  'GET /api/v2/auth/sessions': note(OWN),
  'DELETE /api/v2/auth/session/logout/:session': note('own sessions only'),
  'DELETE /api/v2/auth/session/others': note(OWN),
  'GET /api/v1/xrequest/LoginAccess': note(OWN),
  'GET /api/v3/user/session': note(OWN),
  'GET /api/v3/user/twoFactor': note(OWN),
  'POST /api/v3/user/twoFactor/enrol': note(OWN),
  'POST /api/v3/user/twoFactor/confirm': note(OWN, () => ({ body: { code: '123456' } })),
  'POST /api/v3/user/twoFactor/disable': note(OWN, () => ({ body: { code: '123456' } })),
  'POST /api/v3/user/twoFactor/recoveryCodes': note(OWN, () => ({ body: { code: '123456' } })),
  'PUT /api/v3/user/session/current_organization': org('query.id', {
    req: (o) => ({ query: { id: o.org } }),
  }),
  'GET /api/v3/user/authorization/getAuthorizedOrganizations': note(LIST),
  'GET /api/v3/user/dashboard': note(OWN),
  'GET /api/v3/user/dashboard/template': note(OWN),
  'GET /api/v3/user/widget': note(OWN),
  'POST /api/v3/user/dashboard': note(OWN),
  'GET /api/v3/user/dashboard/:id': note('own dashboards; another user’s is a 404'),
  'PUT /api/v3/user/dashboard/:id': note('own dashboards; another user’s is a 404'),
  'PUT /api/v3/user/dashboard/:id/updateName': note('own dashboards; another user’s is a 404'),
  'PUT /api/v3/user/dashboard/:id/filter': note('own dashboards; another user’s is a 404'),
  'DELETE /api/v3/user/dashboard/:id': note('own dashboards; another user’s is a 404'),
  'GET /api/v3/events': note(LIST),
  'GET /api/v3/alarmSeverities': note(LIST),
  'GET /api/v3/analytics/forecasts': note(LIST),
  'GET /api/v3/analytics/faults': note(LIST),
  'GET /api/v3/events/:id': on('task')('params.id', {
    matrix: false,
    why: 'events come from the event engine; no fixture yet',
  }),
  'PUT /api/v3/events/:id/acknowledge': on('task')('params.id', {
    matrix: false,
    why: 'events come from the event engine; no fixture yet',
  }),
  'GET /api/v3/notifications': note(OWN),
  'GET /api/v3/notifications/count': note(OWN),
  'PUT /api/v3/notifications/seen': note(OWN),
  'GET /api/v3/tasks': note(LIST),
  'GET /api/v3/tasks/assignees': org('query.organizationId', {
    req: (o) => ({ query: { organizationId: o.org } }),
  }),
  'GET /api/v3/tasks/:id': task('params.id', { req: (o) => ({ params: { id: o.task } }) }),
  'POST /api/v3/tasks': org('body.organizationId', {
    req: (o) => ({ body: { organizationId: o.org, title: 'Matrix task' } }),
  }),
  'PUT /api/v3/tasks/:id': task('params.id', {
    req: (o) => ({ params: { id: o.task }, body: { title: 'Renamed by the matrix' } }),
  }),
  'DELETE /api/v3/tasks/:id': task('params.id', {
    req: (o) => ({ params: { id: o.task } }),
    fresh: 'task',
  }),
  'GET /api/v1/xrequest/GetUserData': note(OWN),
  'POST /api/v1/xrequest/SetUserData': note(OWN),
  'GET /api/v1/xrequest/DeleteUserData': note(OWN),
  'GET /api/v1/keyvalue/:type': note(OWN),
  'PUT /api/v1/keyvalue/:type/:id': note(OWN),
  'DELETE /api/v1/keyvalue/:type/:id': note(OWN),
  'GET /api/v1/device': note(LIST),
  'GET /api/v1/device/statusCounts': note(LIST),
  'GET /api/v1/device/temperatureSummary': note(LIST),
  'GET /api/v1/device/mapUnits': note(LIST),
  'GET /api/v1/device/typeCodes': note(LIST),
  'GET /api/v1/device/:id/details': unit('params.id', { req: uid }),
  'GET /api/v1/device/:id/options': unit('params.id', { req: uid }),
  'GET /api/v2/device/devices': note(LIST),
  'POST /api/v2/device/deviceFilter': note(LIST),
  'GET /api/v2/device/legacy/devices/:id/settings': unit('params.id', { req: uid }),
  'PUT /api/v2/device/legacy/devices/:id/settings': unit('params.id', {
    req: (o) => ({ params: { id: o.unit }, body: { UnitLocation: 'Moved by the matrix' } }),
  }),
  'GET /api/v2/device/legacy/devices/:id/alarm_limits': unit('params.id', { req: uid }),
  'PUT /api/v2/device/legacy/devices/:id/alarm_limits': unit('params.id', {
    req: (o) => ({ params: { id: o.unit }, body: { loopMax: 123 } }),
  }),
  'GET /api/v2/device/devices/:id/options': unit('params.id', { req: uid }),
  'PUT /api/v2/device/legacy/devices/:id/:inputType/:index': unit('params.id', {
    req: (o) => ({ params: { id: o.unit, inputType: 'channel', index: 0 }, body: { data: { name: 'Matrix' } } }),
  }),
  'GET /api/v2/device/legacy/alarm_actions': note('a fixed catalogue'),
  'POST /api/v2/device/alarms': note(LIST),
  'GET /api/v2/device/groups': note(LIST),
  'POST /api/v2/device/groups': org('body.organization', {
    req: (o) => ({ body: { organization: o.org, name: 'Matrix group' } }),
  }),
  'PUT /api/v2/device/groups': on('group')('body.id', {
    req: (o) => ({ body: { id: o.group, organization: o.org, name: 'Renamed by the matrix' } }),
  }),
  'DELETE /api/v2/device/groups': on('group')('body.id', {
    req: (o) => ({ body: { id: o.group, organization: o.org } }),
    fresh: 'group',
  }),
  'PUT /api/v2/device/devices/updateGroup': on('group')('body.groupId', {
    req: (o) => ({ body: { groupId: o.group, devices: [o.unit] } }),
  }),
  'GET /api/v1/xrequest/GetUnitsInfo': note(LIST),
  'GET /api/v1/xrequest/GetUnitType': note(LIST),
  'POST /api/v1/xrequest/GetUnitGroups': note(LIST),
  'GET /api/v1/xrequest/GetUnitsByPos': note(LIST),
  'GET /api/v1/xrequest/GetUnitsShowValue': note(LIST),
  'GET /api/v1/xrequest/GetAlarms': note(LIST),
  'POST /api/v1/xrequest/GetKPIAlarms': note(LIST),
  'POST /api/v1/xrequest/GetKPIBattery': note(LIST),
  'POST /api/v1/xrequest/GetKPISwitch': note(LIST),
  'POST /api/v1/xrequest/EditUnitInfo': unit('body.UnitID', {
    req: (o) => ({ body: { UnitID: o.unit, CustomerID: o.org, UnitLocation: 'Edited by the matrix' } }),
  }),
  'GET /api/v3/containers': note(LIST),
  'POST /api/v3/containers': org('body.organization', {
    req: (o) => ({ body: { type: 'locations', organization: o.org, name: 'Matrix place' } }),
  }),
  'PUT /api/v3/containers/:id': container('params.id', {
    req: (o) => ({ params: { id: o.container }, body: { name: 'Renamed by the matrix' } }),
  }),
  'DELETE /api/v3/containers/:id': container('params.id', {
    req: (o) => ({ params: { id: o.container } }),
    fresh: 'container',
  }),
  'PUT /api/v3/containers/:id/units': container('params.id', {
    req: (o) => ({ params: { id: o.container }, body: { units: [o.unit] } }),
  }),
  'DELETE /api/v3/containers/:id/units': container('params.id', {
    req: (o) => ({ params: { id: o.container }, body: { units: [o.unit] } }),
  }),
  'POST /api/v3/containers/import': org('body.customerId', {
    matrix: false,
    why: 'imports need a legacy group fixture',
  }),
  'GET /api/v1/taghost/tag': unit('query.unit', { req: (o) => ({ query: { unit: o.unit } }) }),
  'GET /api/v1/taghost/tags': note(LIST),
  'POST /api/v1/taghost/tag': unit('query.unit', { req: (o) => ({ query: { unit: o.unit } }) }),
  'GET /api/v1/taghost/tag/:uuid/template': tag('params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    refusedAsUnknown: true,
  }),
  'PUT /api/v1/taghost/tag/:uuid/template': tag('params.uuid', {
    req: (o) => ({ params: { uuid: o.tag }, query: { id: 3 } }),
  }),
  'GET /api/v1/taghost/tag/:uuid/restriction': tag('params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    refusedAsUnknown: true,
  }),
  'PUT /api/v1/taghost/tag/:uuid/restriction': tag('params.uuid', {
    req: (o) => ({ params: { uuid: o.tag }, query: { id: 3 } }),
  }),
  'GET /api/v1/nfc/tag/:uuid': note('what a scanned tag is (public page of the onboarding)'),
  'GET /api/v1/nfc/tag/:uuid/view': tag('params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    matrix: false,
    why: 'onboarding views need an activation fixture',
  }),
  'GET /api/v1/nfc/tag/:uuid/config': tag('params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    matrix: false,
    why: 'onboarding views need an activation fixture',
  }),
  'POST /api/v1/nfc/tag/:uuid/config': tag('params.uuid', {
    matrix: false,
    why: 'activation needs an activation code fixture',
  }),
  'GET /api/v1/nfc/user/:uuid/:email': note('onboarding: does the account exist (no enumeration, account-attacks)'),
  'POST /api/v1/nfc/user/:uuid/createAccount': note('onboarding: creates an account from a tag’s code'),
  'POST /api/v1/nfc/user/:uuid/joinRequest': note('onboarding: asks an organisation to take the person in'),
  'GET /api/v3/device/devices/:id/data': unit('params.id', { req: uid }),
  'GET /api/v2/device/devices/:id/data': unit('params.id', { req: uid }),
  'GET /api/v2/device/legacy/devices/:id/radar/:channel': unit('params.id', {
    req: (o) => ({ params: { id: o.unit, channel: 1 } }),
    noData: /^No radar curve/,
  }),
  'PUT /api/v2/device/legacy/devices/:id/radar/:channel': unit('params.id', {
    req: (o) => ({ params: { id: o.unit, channel: 1 }, body: { ChannelDefaultRadar: [1, 2, 3] } }),
  }),
  'POST /api/v2/report/table': note('units the user cannot see are left out'),
  'GET /api/v2/device/legacy/devices/:id/channel/:n/markers': unit('params.id', {
    req: (o) => ({ params: { id: o.unit, n: 1 } }),
  }),
  'POST /api/v2/device/legacy/devices/:id/channel/:n/markers': unit('params.id', {
    req: (o) => ({ params: { id: o.unit, n: 1 }, body: { name: 'Matrix mark', position: 5 } }),
  }),
  'PUT /api/v2/device/legacy/devices/:id/channel/:n/markers/:marker': unit('params.id', {
    req: (o) => ({ ...marker(o), body: { comments: 'Changed by the matrix' } }),
  }),
  'DELETE /api/v2/device/legacy/devices/:id/channel/:n/markers/:marker': unit('params.id', {
    req: marker,
    fresh: 'marker',
  }),
  'GET /api/v2/device/legacy/devices/:id/channel/:n/findings': unit('params.id', {
    req: (o) => ({ params: { id: o.unit, n: 1 } }),
  }),
  'POST /api/v2/device/legacy/devices/:id/channel/:n/findings/:finding/accept': unit('params.id', {
    req: (o) => ({ ...finding(o), body: { name: 'Leak found by the matrix' } }),
    fresh: 'finding',
  }),
  'POST /api/v2/device/legacy/devices/:id/channel/:n/findings/:finding/dismiss': unit('params.id', {
    req: finding,
    fresh: 'finding',
  }),
  'GET /api/v2/device/devices/:id/relay': unit('params.id', { req: uid }),
  'POST /api/v2/device/devices/:id/relay': unit('params.id', {
    req: (o) => ({ params: { id: o.unit }, body: { state: '10' } }),
  }),
  'POST /api/v2/device/devices/:id/operation': unit('params.id', {
    req: (o) => ({ params: { id: o.unit }, query: { operation: 'get_data' } }),
  }),
  'GET /api/v2/device/devices/:id/operation': unit('params.id', {
    matrix: false,
    why: 'polls an operation by sequence: needs an operation fixture',
  }),
  'DELETE /api/v2/device/devices/:id/operation': unit('params.id', {
    matrix: false,
    why: 'cancels an operation by sequence: needs an operation fixture',
  }),
  'GET /api/v2/device/devices/:id/operations': unit('params.id', { req: uid }),
  'GET /api/v2/device/devices/:id/log': unit('params.id', { req: uid }),
  'GET /api/v1/xrequest/GetUnitsData': unit('query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, Columns: '*', StartDate: D } }),
  }),
  'GET /api/v1/xrequest/GetUnitsDataCSV': unit('query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, Columns: '*', StartDate: D } }),
  }),
  'GET /api/v1/xrequest/GetRadarDates': unit('query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, ChannelID: 1, StartDate: D } }),
  }),
  'GET /api/v1/xrequest/GetRadar': unit('query.UnitID', {
    req: (o) => ({ query: { ...uq(o).query, ChannelID: 1, RadarDate: D } }),
    noData: /^No radar curve/,
  }),
  'POST /api/v1/xrequest/EditMark': unit('body.UnitID', {
    req: (o) => ({
      body: { ...uq(o).query, ChannelID: 1, MarkerID: 0, JSonData: JSON.stringify({ name: 'Legacy', position: 3 }) },
    }),
  }),
  'GET /api/v1/xrequest/DeleteMark': unit('query.UnitID', {
    req: (o) => ({ query: { ...uq(o).query, ChannelID: 1, MarkerID: o.marker } }),
    fresh: 'marker',
  }),
  'GET /api/v1/xrequest/GetAllMarks': unit('query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, ChannelID: 1 } }),
  }),
  'GET /api/v1/xrequest/GetChannel': unit('query.UnitID', {
    req: (o) => ({ query: { ...uq(o).query, ChannelID: 1 } }),
  }),
  'POST /api/v1/xrequest/EditChannel': unit('body.UnitID', {
    req: (o) => ({ body: { ...uq(o).query, ChannelID: 1, Columns: 'Resistance1' } }),
  }),
  'GET /api/v1/xrequest/SetRelay': unit('query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, DataValue: '1' } }),
  }),
  'POST /api/v1/xrequest/UnitAction': unit('body.UnitID', {
    req: (o) => ({ body: { ...uq(o).query, Action: 'GET_DATA' } }),
  }),
  'GET /api/v1/xrequest/GetReportParkingUsage': note('units the user cannot see are left out'),
  'GET /api/v3/device/devices/export.csv': note('units the user cannot see are left out'),
  'GET /api/v1/xrequest/GetGISData': note(LIST),
  'GET /api/v1/weather/getWeather': note('weather at a position: no organisation data'),
  'GET /api/v1/weather/status': note('whether the weather provider answers: no organisation data'),
  'GET /api/v1/weather/unit/:id': unit('params.id', { req: uid }),
  'GET /api/v1/xrequest/GetWeather': note('weather at a position: no organisation data'),
  'POST /api/v1/errors': note('browser error reports (recorded only when ERROR_REPORTING is on)', () => ({
    body: { message: 'matrix' },
  })),
  'GET /api/v1/admin/errors': {},
  'DELETE /api/v1/admin/errors/:id': {},
  'GET /api/v3/user/profile': note(OWN),
  'PUT /api/v3/user/profile': note(OWN),
  'PUT /api/v3/user/profile/preferences': note(OWN),
  'PUT /api/v3/user/profile/language': note(OWN),
  'POST /api/v3/user/profile/avatar': note(OWN, () => png),
  'DELETE /api/v3/user/profile/avatar': note(OWN),
  'GET /api/v3/user/avatar': note(OWN),
  'POST /api/v3/user/profile/password': note(OWN),
  'PUT /api/v3/user/password': note(OWN),
  'GET /api/v3/user/organization/:orgId': org('params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'GET /api/v3/user/organization/:orgId/avatar': org('params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'POST /api/v3/user/createRestorePasswordToken': note('password reset (no enumeration, account-attacks)'),
  'GET /api/v3/user/verifyChangePasswordToken/:token': note('password reset link'),
  'POST /api/v3/user/changePassword': note('password reset with its token'),
  'GET /api/v3/user/apiKeys': note(OWN),
  'POST /api/v3/user/apiKeys': note(OWN),
  'DELETE /api/v3/user/apiKeys/:id': note('own keys only'),
  'GET /api/v1/account/:accountUrl': note('account page by URL (name, theme)'),
  'GET /a/:accountUrl': note('account short link'),
  'GET /api/v1/account/:accountUrl/avatar': note('account page logo'),
  'GET /api/v3/tasks/:id/files': task('params.id', { req: (o) => ({ params: { id: o.task } }) }),
  'POST /api/v3/tasks/:id/files': task('params.id', {
    req: (o) => ({
      params: { id: o.task },
      query: { name: 'matrix.png', type: 'image/png' },
      raw: { payload: PNG_1X1, contentType: 'application/octet-stream' },
    }),
  }),
  'GET /api/v3/tasks/:id/files/:fileId': task('params.id', {
    matrix: false,
    why: 'needs a stored file fixture',
  }),
  'DELETE /api/v3/tasks/:id/files/:fileId': task('params.id', {
    matrix: false,
    why: 'needs a stored file fixture',
  }),
  'GET /api/v3/user/organization/:orgId/floor-plan': org('params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'PUT /api/v3/user/organization/:orgId/floor-plan': org('params.orgId', {
    req: (o) => ({ params: { orgId: o.org }, query: { name: 'Matrix floor' }, ...png }),
  }),
  'DELETE /api/v3/user/organization/:orgId/floor-plan': floorPlan('params.orgId', {
    req: (o) => ({ params: { orgId: o.org }, body: { files: [o.floorPlan] } }),
    fresh: 'floorPlan',
  }),
  'GET /api/v3/user/organization/:orgId/floor-plan/:planId': floorPlan('params.orgId', {
    req: (o) => ({ params: { orgId: o.org, planId: o.floorPlan } }),
  }),
  'PATCH /api/v3/user/organization/:orgId/floor-plan/:planId': floorPlan('params.orgId', {
    req: (o) => ({ params: { orgId: o.org, planId: o.floorPlan }, body: { name: 'Renamed floor' } }),
  }),
  'GET /api/v3/user/organization/:orgId/floor-plan-data': org('params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'PUT /api/v3/user/organization/:orgId/floor-plan-data': floorPlan('params.orgId', {
    req: (o) => ({
      params: { orgId: o.org },
      body: { planId: o.floorPlan, placements: [{ unitId: o.unit, x: 0.5, y: 0.5 }] },
    }),
  }),
};

export const keyOf = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;
