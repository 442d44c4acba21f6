import type { Action, Resource } from '@fieldwatch/core';
import { PNG_1X1 } from '../fixtures/images.ts';
import type { Route } from './routes.ts';

/**
 * Who may call each route of the route table (issue 11, the authorisation matrix), keyed
 * "METHOD /url/pattern". A route missing here fails authorization-matrix.test.ts until it is
 * classified, and so does a policy whose route is gone.
 *
 * - public: answers without a session (health, config, sign-in, password reset, account pages, the
 *   public NFC onboarding calls, browser error reports).
 * - signedIn: any signed-in user about their own data (profile, sessions, dashboards, user data,
 *   notifications, API keys), or a list the server narrows to what the user may see.
 * - scoped: about one object (`object`, named by `param`); allowed iff the caller's role on the
 *   object's organisation has `action` on `resource` in core's ROLE_CAPABILITIES (a role on an
 *   organisation covers its descendants).
 * - platform: the platform administrator only.
 *
 * `req` builds a schema-valid request about the objects of one place (the rest of a request comes
 * from the schema, see minimalOf), so that validation (400) never hides the decision. Scoped routes
 * with `matrix: false` are classified and run anonymous, but not yet role × place (`why` says why).
 */

/** The objects of one organisation the matrix calls routes about. */
export type Objects = {
  org: number;
  unit: number;
  /** A marker on channel 1 of `unit`. */
  marker: number;
  task: string;
  container: string;
  tag: string;
  floorPlan: number;
  /** A device group (v2) of the organisation. */
  group: number;
};
export type ObjectKind = keyof Objects;

export type Req = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A non-JSON body (uploads). */
  raw?: { payload: Buffer | string; contentType: string };
};
type Build = (o: Objects) => Req;

export type Policy =
  | { access: 'public'; why: string; req?: Build; remoteAddress?: string }
  | { access: 'signedIn'; why: string; req?: Build }
  | { access: 'platform'; req?: Build }
  | {
      access: 'scoped';
      resource: Resource;
      action: Action;
      object: ObjectKind;
      /** Where the request names the object: 'params.id', 'query.UnitID', 'body.organization'… */
      param: string;
      req?: Build;
      /** A fresh object of this kind for every call (the call deletes it). */
      fresh?: ObjectKind;
      /**
       * An allowed call about an object without data may answer 404 with this message (never the
       * refusal's); a refusal must still answer differently.
       */
      noData?: RegExp;
      /**
       * Refused, the route answers exactly as for an object that does not exist, whatever its
       * status (spec §7: a tag's template is -1 without data); allowed, it must answer otherwise.
       */
      refusedAsUnknown?: boolean;
      /** False: classified, anonymous only (why). */
      matrix?: false;
      why?: string;
    };

const pub = (why: string, req?: Build): Policy => ({ access: 'public', why, req });
const me = (why: string, req?: Build): Policy => ({ access: 'signedIn', why, req });
type ScopedOpts = {
  req?: Build;
  fresh?: ObjectKind;
  matrix?: false;
  why?: string;
  noData?: RegExp;
  refusedAsUnknown?: boolean;
};
const on =
  (object: ObjectKind) =>
  (resource: Resource, action: Action, param: string, opts: ScopedOpts = {}): Policy => ({
    access: 'scoped',
    resource,
    action,
    object,
    param,
    ...opts,
  });
const unit = on('unit');
const org = on('org');
const task = on('task');
const container = on('container');
const tag = on('tag');
const floorPlan = on('floorPlan');

const OWN = 'own data';
const LIST = 'a list narrowed to the organisations the user sees';
const D = '2026-01-01 00:00:00';
const png = { raw: { payload: PNG_1X1, contentType: 'image/png' } };
const uid = (o: Objects) => ({ params: { id: o.unit } });
const uq = (o: Objects) => ({ query: { UnitID: o.unit, CustomerID: o.org } });
const marker = (o: Objects) => ({ params: { id: o.unit, n: 1, marker: o.marker } });
const ADMIN = '/api/v1/admin';
const adminOrg = (resource: Resource, opts: ScopedOpts = {}) =>
  org(resource, 'manage', 'params.id', { req: (o) => ({ params: { id: o.org } }), ...opts });
const ADMIN_MATRIX = { matrix: false, why: 'role × place in admin-matrix.test.ts (issue 8)' } as const;

export const POLICY: Record<string, Policy> = {
  'GET /metrics': { access: 'public', why: 'loopback or METRICS_TOKEN, no session', remoteAddress: '127.0.0.1' },
  'GET /api/health': pub('health check'),
  'GET /api/v3/config': pub('settings the sign-in page needs'),
  'POST /api/v2/auth/login': pub('sign-in', () => ({ body: { username: 'nobody', password: 'wrong' } })),
  'POST /api/v1/auth/login': pub('sign-in', () => ({ body: { username: 'nobody', password: 'wrong' } })),
  'GET /api/v2/auth/logout': pub('sign-out ends whatever session there is'),
  'GET /api/v1/auth/logout': pub('sign-out ends whatever session there is'),
  'GET /api/v2/auth': me(OWN),
  'GET /api/v2/auth/session': me(OWN),
  'GET /api/v2/auth/sessions': me(OWN),
  'DELETE /api/v2/auth/session/logout/:session': me('own sessions only'),
  'DELETE /api/v2/auth/session/others': me(OWN),
  'GET /api/v1/xrequest/LoginAccess': me(OWN),
  'GET /api/v3/user/session': me(OWN),
  'PUT /api/v3/user/session/current_organization': org('organization', 'read', 'query.id', {
    req: (o) => ({ query: { id: o.org } }),
  }),
  'GET /api/v3/user/authorization/getAuthorizedOrganizations': me(LIST),
  'GET /api/v3/user/dashboard': me(OWN),
  'GET /api/v3/user/dashboard/template': me(OWN),
  'GET /api/v3/user/widget': me(OWN),
  'POST /api/v3/user/dashboard': me(OWN),
  'GET /api/v3/user/dashboard/:id': me('own dashboards; another user’s is a 404'),
  'PUT /api/v3/user/dashboard/:id': me('own dashboards; another user’s is a 404'),
  'PUT /api/v3/user/dashboard/:id/updateName': me('own dashboards; another user’s is a 404'),
  'PUT /api/v3/user/dashboard/:id/filter': me('own dashboards; another user’s is a 404'),
  'DELETE /api/v3/user/dashboard/:id': me('own dashboards; another user’s is a 404'),
  'GET /api/v3/events': me(LIST),
  'GET /api/v3/events/:id': on('task')('task', 'read', 'params.id', {
    matrix: false,
    why: 'events come from the event engine; no fixture yet',
  }),
  'PUT /api/v3/events/:id/acknowledge': on('task')('task', 'write', 'params.id', {
    matrix: false,
    why: 'events come from the event engine; no fixture yet',
  }),
  'GET /api/v3/notifications': me(OWN),
  'GET /api/v3/notifications/count': me(OWN),
  'PUT /api/v3/notifications/seen': me(OWN),
  'GET /api/v3/tasks': me(LIST),
  'GET /api/v3/tasks/assignees': org('task', 'read', 'query.organizationId', {
    req: (o) => ({ query: { organizationId: o.org } }),
  }),
  'GET /api/v3/tasks/:id': task('task', 'read', 'params.id', { req: (o) => ({ params: { id: o.task } }) }),
  'POST /api/v3/tasks': org('task', 'write', 'body.organizationId', {
    req: (o) => ({ body: { organizationId: o.org, title: 'Matrix task' } }),
  }),
  'PUT /api/v3/tasks/:id': task('task', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.task }, body: { title: 'Renamed by the matrix' } }),
  }),
  'DELETE /api/v3/tasks/:id': task('task', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.task } }),
    fresh: 'task',
  }),
  'GET /api/v1/xrequest/GetUserData': me(OWN),
  'POST /api/v1/xrequest/SetUserData': me(OWN),
  'GET /api/v1/xrequest/DeleteUserData': me(OWN),
  'GET /api/v1/keyvalue/:type': me(OWN),
  'PUT /api/v1/keyvalue/:type/:id': me(OWN),
  'DELETE /api/v1/keyvalue/:type/:id': me(OWN),
  'GET /api/v1/device': me(LIST),
  'GET /api/v1/device/:id/details': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v1/device/:id/options': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v2/device/devices': me(LIST),
  'POST /api/v2/device/deviceFilter': me(LIST),
  'GET /api/v2/device/legacy/devices/:id/settings': unit('device', 'read', 'params.id', { req: uid }),
  'PUT /api/v2/device/legacy/devices/:id/settings': unit('device', 'manage', 'params.id', {
    req: (o) => ({ params: { id: o.unit }, body: { UnitLocation: 'Moved by the matrix' } }),
  }),
  'GET /api/v2/device/legacy/devices/:id/alarm_limits': unit('device', 'read', 'params.id', { req: uid }),
  'PUT /api/v2/device/legacy/devices/:id/alarm_limits': unit('device', 'manage', 'params.id', {
    req: (o) => ({ params: { id: o.unit }, body: { loopMax: 123 } }),
  }),
  'GET /api/v2/device/devices/:id/options': unit('device', 'read', 'params.id', { req: uid }),
  'PUT /api/v2/device/legacy/devices/:id/:inputType/:index': unit('device', 'manage', 'params.id', {
    req: (o) => ({ params: { id: o.unit, inputType: 'channel', index: 0 }, body: { data: { name: 'Matrix' } } }),
  }),
  'GET /api/v2/device/legacy/alarm_actions': me('a fixed catalogue'),
  'POST /api/v2/device/alarms': me(LIST),
  'GET /api/v2/device/groups': me(LIST),
  'POST /api/v2/device/groups': org('device', 'write', 'body.organization', {
    req: (o) => ({ body: { organization: o.org, name: 'Matrix group' } }),
  }),
  'PUT /api/v2/device/groups': on('group')('device', 'write', 'body.id', {
    req: (o) => ({ body: { id: o.group, organization: o.org, name: 'Renamed by the matrix' } }),
  }),
  'DELETE /api/v2/device/groups': on('group')('device', 'write', 'body.id', {
    req: (o) => ({ body: { id: o.group, organization: o.org } }),
    fresh: 'group',
  }),
  'PUT /api/v2/device/devices/updateGroup': on('group')('device', 'write', 'body.groupId', {
    req: (o) => ({ body: { groupId: o.group, devices: [o.unit] } }),
  }),
  'GET /api/v1/xrequest/GetUnitsInfo': me(LIST),
  'GET /api/v1/xrequest/GetUnitType': me(LIST),
  'POST /api/v1/xrequest/GetUnitGroups': me(LIST),
  'GET /api/v1/xrequest/GetUnitsByPos': me(LIST),
  'GET /api/v1/xrequest/GetUnitsShowValue': me(LIST),
  'GET /api/v1/xrequest/GetAlarms': me(LIST),
  'POST /api/v1/xrequest/GetKPIAlarms': me(LIST),
  'POST /api/v1/xrequest/GetKPIBattery': me(LIST),
  'POST /api/v1/xrequest/GetKPISwitch': me(LIST),
  'POST /api/v1/xrequest/EditUnitInfo': unit('device', 'manage', 'body.UnitID', {
    req: (o) => ({ body: { UnitID: o.unit, CustomerID: o.org, UnitLocation: 'Edited by the matrix' } }),
  }),
  'GET /api/v3/containers': me(LIST),
  'POST /api/v3/containers': org('device', 'write', 'body.organization', {
    req: (o) => ({ body: { type: 'locations', organization: o.org, name: 'Matrix place' } }),
  }),
  'PUT /api/v3/containers/:id': container('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.container }, body: { name: 'Renamed by the matrix' } }),
  }),
  'DELETE /api/v3/containers/:id': container('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.container } }),
    fresh: 'container',
  }),
  'PUT /api/v3/containers/:id/units': container('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.container }, body: { units: [o.unit] } }),
  }),
  'DELETE /api/v3/containers/:id/units': container('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.container }, body: { units: [o.unit] } }),
  }),
  'POST /api/v3/containers/import': org('device', 'write', 'body.customerId', {
    matrix: false,
    why: 'imports need a legacy group fixture',
  }),
  'GET /api/v1/taghost/tag': unit('device', 'read', 'query.unit', { req: (o) => ({ query: { unit: o.unit } }) }),
  'GET /api/v1/taghost/tags': me(LIST),
  'POST /api/v1/taghost/tag': unit('device', 'manage', 'query.unit', { req: (o) => ({ query: { unit: o.unit } }) }),
  'GET /api/v1/taghost/tag/:uuid/template': tag('device', 'read', 'params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    refusedAsUnknown: true,
  }),
  'PUT /api/v1/taghost/tag/:uuid/template': tag('device', 'manage', 'params.uuid', {
    req: (o) => ({ params: { uuid: o.tag }, query: { id: 3 } }),
  }),
  'GET /api/v1/taghost/tag/:uuid/restriction': tag('device', 'read', 'params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    refusedAsUnknown: true,
  }),
  'PUT /api/v1/taghost/tag/:uuid/restriction': tag('device', 'manage', 'params.uuid', {
    req: (o) => ({ params: { uuid: o.tag }, query: { id: 3 } }),
  }),
  'GET /api/v1/nfc/tag/:uuid': pub('what a scanned tag is (public page of the onboarding)'),
  'GET /api/v1/nfc/tag/:uuid/view': tag('device', 'read', 'params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    matrix: false,
    why: 'onboarding views need an activation fixture',
  }),
  'GET /api/v1/nfc/tag/:uuid/config': tag('device', 'manage', 'params.uuid', {
    req: (o) => ({ params: { uuid: o.tag } }),
    matrix: false,
    why: 'onboarding views need an activation fixture',
  }),
  'POST /api/v1/nfc/tag/:uuid/config': tag('device', 'manage', 'params.uuid', {
    matrix: false,
    why: 'activation needs an activation code fixture',
  }),
  'GET /api/v1/nfc/user/:uuid/:email': pub('onboarding: does the account exist (no enumeration, web-attacks)'),
  'POST /api/v1/nfc/user/:uuid/createAccount': pub('onboarding: creates an account from a tag’s code'),
  'GET /api/v3/device/devices/:id/data': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v2/device/devices/:id/data': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v2/device/legacy/devices/:id/radar/:channel': unit('device', 'read', 'params.id', {
    req: (o) => ({ params: { id: o.unit, channel: 1 } }),
    noData: /^No radar curve/,
  }),
  'PUT /api/v2/device/legacy/devices/:id/radar/:channel': unit('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.unit, channel: 1 }, body: { ChannelDefaultRadar: [1, 2, 3] } }),
  }),
  'POST /api/v2/report/table': me('units the user cannot see are left out'),
  'GET /api/v2/device/legacy/devices/:id/channel/:n/markers': unit('device', 'read', 'params.id', {
    req: (o) => ({ params: { id: o.unit, n: 1 } }),
  }),
  'POST /api/v2/device/legacy/devices/:id/channel/:n/markers': unit('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.unit, n: 1 }, body: { name: 'Matrix mark', position: 5 } }),
  }),
  'PUT /api/v2/device/legacy/devices/:id/channel/:n/markers/:marker': unit('device', 'write', 'params.id', {
    req: (o) => ({ ...marker(o), body: { comments: 'Changed by the matrix' } }),
  }),
  'DELETE /api/v2/device/legacy/devices/:id/channel/:n/markers/:marker': unit('device', 'write', 'params.id', {
    req: marker,
    fresh: 'marker',
  }),
  'GET /api/v2/device/devices/:id/relay': unit('device', 'read', 'params.id', { req: uid }),
  'POST /api/v2/device/devices/:id/relay': unit('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.unit }, body: { state: '10' } }),
  }),
  'POST /api/v2/device/devices/:id/operation': unit('device', 'write', 'params.id', {
    req: (o) => ({ params: { id: o.unit }, query: { operation: 'get_data' } }),
  }),
  'GET /api/v2/device/devices/:id/operation': unit('device', 'read', 'params.id', {
    matrix: false,
    why: 'polls an operation by sequence: needs an operation fixture',
  }),
  'DELETE /api/v2/device/devices/:id/operation': unit('device', 'write', 'params.id', {
    matrix: false,
    why: 'cancels an operation by sequence: needs an operation fixture',
  }),
  'GET /api/v2/device/devices/:id/operations': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v2/device/devices/:id/log': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v1/xrequest/GetUnitsData': unit('device', 'read', 'query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, Columns: '*', StartDate: D } }),
  }),
  'GET /api/v1/xrequest/GetUnitsDataCSV': unit('device', 'read', 'query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, Columns: '*', StartDate: D } }),
  }),
  'GET /api/v1/xrequest/GetRadarDates': unit('device', 'read', 'query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, ChannelID: 1, StartDate: D } }),
  }),
  'GET /api/v1/xrequest/GetRadar': unit('device', 'read', 'query.UnitID', {
    req: (o) => ({ query: { ...uq(o).query, ChannelID: 1, RadarDate: D } }),
    noData: /^No radar curve/,
  }),
  'POST /api/v1/xrequest/EditMark': unit('device', 'write', 'body.UnitID', {
    req: (o) => ({
      body: { ...uq(o).query, ChannelID: 1, MarkerID: 0, JSonData: JSON.stringify({ name: 'Legacy', position: 3 }) },
    }),
  }),
  'GET /api/v1/xrequest/DeleteMark': unit('device', 'write', 'query.UnitID', {
    req: (o) => ({ query: { ...uq(o).query, ChannelID: 1, MarkerID: o.marker } }),
    fresh: 'marker',
  }),
  'GET /api/v1/xrequest/GetAllMarks': unit('device', 'read', 'query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, ChannelID: 1 } }),
  }),
  'GET /api/v1/xrequest/GetChannel': unit('device', 'read', 'query.UnitID', {
    req: (o) => ({ query: { ...uq(o).query, ChannelID: 1 } }),
  }),
  'POST /api/v1/xrequest/EditChannel': unit('device', 'manage', 'body.UnitID', {
    req: (o) => ({ body: { ...uq(o).query, ChannelID: 1, Columns: 'Resistance1' } }),
  }),
  'GET /api/v1/xrequest/SetRelay': unit('device', 'write', 'query.UnitID', {
    req: (o) => ({ query: { UnitID: o.unit, DataValue: '1' } }),
  }),
  'POST /api/v1/xrequest/UnitAction': unit('device', 'write', 'body.UnitID', {
    req: (o) => ({ body: { ...uq(o).query, Action: 'GET_DATA' } }),
  }),
  'GET /api/v1/xrequest/GetReportParkingUsage': me('units the user cannot see are left out'),
  'GET /api/v3/device/devices/export.csv': me('units the user cannot see are left out'),
  'GET /api/v1/xrequest/GetGISData': me(LIST),
  'GET /api/v1/weather/getWeather': me('weather at a position: no organisation data'),
  'GET /api/v1/weather/unit/:id': unit('device', 'read', 'params.id', { req: uid }),
  'GET /api/v1/xrequest/GetWeather': me('weather at a position: no organisation data'),
  'POST /api/v1/errors': pub('browser error reports (recorded only when ERROR_REPORTING is on)', () => ({
    body: { message: 'matrix' },
  })),
  'GET /api/v1/admin/errors': { access: 'platform' },
  'DELETE /api/v1/admin/errors/:id': { access: 'platform' },
  'GET /api/v3/user/profile': me(OWN),
  'PUT /api/v3/user/profile': me(OWN),
  'PUT /api/v3/user/profile/preferences': me(OWN),
  'PUT /api/v3/user/profile/language': me(OWN),
  'POST /api/v3/user/profile/avatar': me(OWN, () => png),
  'DELETE /api/v3/user/profile/avatar': me(OWN),
  'GET /api/v3/user/avatar': me(OWN),
  'POST /api/v3/user/profile/password': me(OWN),
  'PUT /api/v3/user/password': me(OWN),
  'GET /api/v3/user/organization/:orgId': org('organization', 'read', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'GET /api/v3/user/organization/:orgId/avatar': org('organization', 'read', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'POST /api/v3/user/createRestorePasswordToken': pub('password reset (no enumeration, web-attacks)'),
  'GET /api/v3/user/verifyChangePasswordToken/:token': pub('password reset link'),
  'POST /api/v3/user/changePassword': pub('password reset with its token'),
  'GET /api/v3/user/apiKeys': me(OWN),
  'POST /api/v3/user/apiKeys': me(OWN),
  'DELETE /api/v3/user/apiKeys/:id': me('own keys only'),
  'GET /api/v1/account/:accountUrl': pub('account page by URL (name, theme)'),
  'GET /a/:accountUrl': pub('account short link'),
  'GET /api/v1/account/:accountUrl/avatar': pub('account page logo'),
  [`GET ${ADMIN}/profilesByOrgId`]: org('user', 'manage', 'query.organizationId', ADMIN_MATRIX),
  [`DELETE ${ADMIN}/profile`]: org('user', 'manage', 'body.organizationId', ADMIN_MATRIX),
  [`PUT ${ADMIN}/updateUserRole`]: org('user', 'manage', 'body.organizationId', ADMIN_MATRIX),
  [`PUT ${ADMIN}/updateUserPassword`]: org('user', 'manage', 'body.username', ADMIN_MATRIX),
  [`PUT ${ADMIN}/updateUserProfile`]: org('user', 'manage', 'body.username', ADMIN_MATRIX),
  [`POST ${ADMIN}/saveUserAvatar`]: org('user', 'manage', 'body.username', ADMIN_MATRIX),
  [`DELETE ${ADMIN}/deleteUserAvatar`]: org('user', 'manage', 'body.username', ADMIN_MATRIX),
  [`GET ${ADMIN}/userAvatar`]: org('user', 'manage', 'query.username', ADMIN_MATRIX),
  [`POST ${ADMIN}/addUser`]: org('user', 'manage', 'body.organizationId', ADMIN_MATRIX),
  [`GET ${ADMIN}/getOrganizations`]: org('organization', 'manage', 'none', ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/billingInfo`]: adminOrg('organization'),
  [`PUT ${ADMIN}/organization/:id/billingInfo`]: adminOrg('organization', {
    req: (o) => ({ params: { id: o.org }, body: { city: 'Matrix City' } }),
  }),
  [`GET ${ADMIN}/organization/:id/contactInfo`]: adminOrg('organization'),
  [`PUT ${ADMIN}/organization/:id/contactInfo`]: adminOrg('organization', {
    req: (o) => ({ params: { id: o.org }, body: { name: 'Matrix desk' } }),
  }),
  [`POST ${ADMIN}/organization/:id/avatar`]: adminOrg('organization', {
    req: (o) => ({ params: { id: o.org }, ...png }),
  }),
  [`DELETE ${ADMIN}/organization/:id/avatar`]: adminOrg('organization', ADMIN_MATRIX),
  [`PUT ${ADMIN}/organization/:id/name`]: adminOrg('organization', {
    req: (o) => ({ params: { id: o.org }, body: { name: `Org ${o.org}` } }),
  }),
  [`POST ${ADMIN}/organization/add`]: org('organization', 'manage', 'body.parentOrganizationId', {
    req: (o) => ({ body: { parentOrganizationId: o.org, organizationName: 'Added by the matrix' } }),
  }),
  [`DELETE ${ADMIN}/organization/:id/delete`]: adminOrg('organization', ADMIN_MATRIX),
  [`PUT ${ADMIN}/organization/:id/parent`]: adminOrg('organization', ADMIN_MATRIX),
  [`POST ${ADMIN}/organization/:id/convert`]: adminOrg('organization', ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/settings`]: adminOrg('organization'),
  [`PUT ${ADMIN}/organization/:id/settings`]: adminOrg('organization', ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/sessions`]: adminOrg('user'),
  [`DELETE ${ADMIN}/organization/:id/sessions/:session`]: adminOrg('user', ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/dashboards`]: adminOrg('dashboard'),
  [`POST ${ADMIN}/organization/:id/dashboards/transfer`]: adminOrg('dashboard', ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/usage`]: adminOrg('organization'),
  'GET /api/v3/tasks/:id/files': task('task', 'read', 'params.id', { req: (o) => ({ params: { id: o.task } }) }),
  'POST /api/v3/tasks/:id/files': task('task', 'write', 'params.id', {
    req: (o) => ({
      params: { id: o.task },
      query: { name: 'matrix.png', type: 'image/png' },
      raw: { payload: PNG_1X1, contentType: 'application/octet-stream' },
    }),
  }),
  'GET /api/v3/tasks/:id/files/:fileId': task('task', 'read', 'params.id', {
    matrix: false,
    why: 'needs a stored file fixture',
  }),
  'DELETE /api/v3/tasks/:id/files/:fileId': task('task', 'write', 'params.id', {
    matrix: false,
    why: 'needs a stored file fixture',
  }),
  'GET /api/v3/user/organization/:orgId/floor-plan': org('device', 'read', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'PUT /api/v3/user/organization/:orgId/floor-plan': org('device', 'write', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org }, query: { name: 'Matrix floor' }, ...png }),
  }),
  'DELETE /api/v3/user/organization/:orgId/floor-plan': floorPlan('device', 'write', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org }, body: { files: [o.floorPlan] } }),
    fresh: 'floorPlan',
  }),
  'GET /api/v3/user/organization/:orgId/floor-plan/:planId': floorPlan('device', 'read', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org, planId: o.floorPlan } }),
  }),
  'PATCH /api/v3/user/organization/:orgId/floor-plan/:planId': floorPlan('device', 'write', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org, planId: o.floorPlan }, body: { name: 'Renamed floor' } }),
  }),
  'GET /api/v3/user/organization/:orgId/floor-plan-data': org('device', 'read', 'params.orgId', {
    req: (o) => ({ params: { orgId: o.org } }),
  }),
  'PUT /api/v3/user/organization/:orgId/floor-plan-data': floorPlan('device', 'write', 'params.orgId', {
    req: (o) => ({
      params: { orgId: o.org },
      body: { planId: o.floorPlan, placements: [{ unitId: o.unit, x: 0.5, y: 0.5 }] },
    }),
  }),
};

export const keyOf = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;

// A schema-valid request from the route's schema ---------------------------------------------------

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** Strings that satisfy the patterns the schemas use; the first that fits is taken. */
const CANDIDATES = [
  '1',
  'matrix',
  'abcdefghij',
  D,
  '10:00',
  '#112233',
  'text/plain',
  '1.2.3.4',
  'a'.repeat(43),
  'a@b.se',
  '',
];
const FORMATS: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-01-01T00:00:00Z',
  email: 'a@b.se',
};

/** The smallest value the schema accepts: required properties only, first choices, lower bounds. */
export function minimalOf(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.length) return minimalOf(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, minimalOf(schema.properties?.[k]) ?? 'matrix'] as const),
      );
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map(minimalOf);
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalOf(schema.items as Schema));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
      const re = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      const fit = CANDIDATES.find((s) => s.length >= min && s.length <= max && (!re || re.test(s)));
      if (fit === undefined) throw new Error(`no sample string for ${JSON.stringify(schema)}`);
      return fit;
    }
    default:
      return schema.default ?? 'matrix';
  }
}

type RouteSchema = { params?: Schema; querystring?: Schema; body?: Schema };

/** The request for a route: its schema's minimum, with the policy's own values on top. */
export function requestOf(
  route: Route,
  policy: Policy,
  objects: Objects,
): Required<Pick<Req, 'params' | 'query'>> & Req {
  const schema = (route.schema ?? {}) as RouteSchema;
  const own = policy.req?.(objects) ?? {};
  const params = {
    ...Object.fromEntries(route.params.map((p) => [p, minimalOf(schema.params?.properties?.[p]) ?? '1'])),
    ...own.params,
  } as Record<string, string | number>;
  const query = { ...(minimalOf(schema.querystring) as object | undefined), ...own.query };
  const body =
    own.raw || route.method === 'GET'
      ? undefined
      : own.body !== undefined && typeof own.body === 'object' && !Array.isArray(own.body)
        ? { ...(minimalOf(schema.body) as object | undefined), ...own.body }
        : (own.body ?? minimalOf(schema.body));
  return { params, query, body, raw: own.raw };
}
