import {
  joinRequest,
  MATRIX_WEBHOOK,
  note,
  type Objects,
  org,
  type Probe,
  png,
  type ScopedOpts,
  webhook,
} from './probeKit.ts';

/** How the authorisation matrix calls the administration routes (see policy.ts). */

const ADMIN = '/api/v1/admin';
const adminOrg = (opts: ScopedOpts = {}) => org('params.id', { req: (o) => ({ params: { id: o.org } }), ...opts });
const ADMIN_MATRIX = { matrix: false, why: 'role × place in admin-matrix.test.ts (issue 8)' } as const;
const hook = (o: Objects) => ({ params: { id: o.webhook } });

export const ADMIN_PROBES: Record<string, Probe> = {
  [`GET ${ADMIN}/joinRequests`]: note('a list narrowed to the organisations the user administers'),
  // Deciding spends the request: each call gets a fresh one. Elsewhere it is as if there were none.
  [`POST ${ADMIN}/joinRequest/:id/accept`]: joinRequest('params.id', {
    req: (o) => ({ params: { id: o.joinRequest }, body: { username: `joiner${o.joinRequest}`, roleId: 2 } }),
    fresh: 'joinRequest',
    refusedAsUnknown: true,
  }),
  [`POST ${ADMIN}/joinRequest/:id/decline`]: joinRequest('params.id', {
    req: (o) => ({ params: { id: o.joinRequest } }),
    fresh: 'joinRequest',
    refusedAsUnknown: true,
  }),
  [`GET ${ADMIN}/profilesByOrgId`]: org('query.organizationId', ADMIN_MATRIX),
  [`DELETE ${ADMIN}/profile`]: org('body.organizationId', ADMIN_MATRIX),
  [`PUT ${ADMIN}/updateUserRole`]: org('body.organizationId', ADMIN_MATRIX),
  [`PUT ${ADMIN}/updateUserPassword`]: org('body.username', ADMIN_MATRIX),
  [`PUT ${ADMIN}/updateUserProfile`]: org('body.username', ADMIN_MATRIX),
  [`POST ${ADMIN}/resetTwoFactor`]: org('body.username', ADMIN_MATRIX),
  [`POST ${ADMIN}/saveUserAvatar`]: org('body.username', ADMIN_MATRIX),
  [`DELETE ${ADMIN}/deleteUserAvatar`]: org('body.username', ADMIN_MATRIX),
  [`GET ${ADMIN}/userAvatar`]: org('query.username', ADMIN_MATRIX),
  [`POST ${ADMIN}/addUser`]: org('body.organizationId', ADMIN_MATRIX),
  [`GET ${ADMIN}/getOrganizations`]: org('none', ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/billingInfo`]: adminOrg(),
  [`PUT ${ADMIN}/organization/:id/billingInfo`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { city: 'Matrix City' } }),
  }),
  [`GET ${ADMIN}/organization/:id/contactInfo`]: adminOrg(),
  [`PUT ${ADMIN}/organization/:id/contactInfo`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { name: 'Matrix desk' } }),
  }),
  [`POST ${ADMIN}/organization/:id/avatar`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, ...png }),
  }),
  [`DELETE ${ADMIN}/organization/:id/avatar`]: adminOrg(ADMIN_MATRIX),
  [`PUT ${ADMIN}/organization/:id/name`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { name: `Org ${o.org}` } }),
  }),
  [`POST ${ADMIN}/organization/add`]: org('body.parentOrganizationId', {
    req: (o) => ({ body: { parentOrganizationId: o.org, organizationName: 'Added by the matrix' } }),
  }),
  [`DELETE ${ADMIN}/organization/:id/delete`]: adminOrg(ADMIN_MATRIX),
  [`PUT ${ADMIN}/organization/:id/parent`]: adminOrg(ADMIN_MATRIX),
  [`POST ${ADMIN}/organization/:id/convert`]: adminOrg(ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/settings`]: adminOrg(),
  [`PUT ${ADMIN}/organization/:id/settings`]: adminOrg(ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/sessions`]: adminOrg(),
  [`DELETE ${ADMIN}/organization/:id/sessions/:session`]: adminOrg(ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/dashboards`]: adminOrg(),
  [`POST ${ADMIN}/organization/:id/dashboards/transfer`]: adminOrg(ADMIN_MATRIX),
  [`GET ${ADMIN}/organization/:id/usage`]: adminOrg(),
  [`GET ${ADMIN}/organization/:id/alarmSeverities`]: adminOrg(),
  [`PUT ${ADMIN}/organization/:id/alarmSeverities`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { severities: [{ alarmType: 2, severity: 'warning' }] } }),
  }),
  [`PUT ${ADMIN}/organization/:id/alarmJoinHours`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { hours: 6 } }),
  }),
  [`GET ${ADMIN}/organization/:id/audit`]: adminOrg(),
  [`GET ${ADMIN}/organization/:id/audit.csv`]: adminOrg(),
  [`PUT ${ADMIN}/organization/:id/auditRetention`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { days: 400 } }),
  }),
  [`PUT ${ADMIN}/organization/:id/forecastDays`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: { days: 14 } }),
  }),
  [`GET ${ADMIN}/organization/:id/webhooks`]: adminOrg(),
  [`POST ${ADMIN}/organization/:id/webhooks`]: adminOrg({
    req: (o) => ({ params: { id: o.org }, body: MATRIX_WEBHOOK }),
  }),
  [`PUT ${ADMIN}/webhooks/:id`]: webhook('params.id', { req: (o) => ({ ...hook(o), body: MATRIX_WEBHOOK }) }),
  [`DELETE ${ADMIN}/webhooks/:id`]: webhook('params.id', { req: hook, fresh: 'webhook' }),
  [`POST ${ADMIN}/webhooks/:id/rotate`]: webhook('params.id', { req: hook }),
  [`POST ${ADMIN}/webhooks/:id/test`]: webhook('params.id', { req: hook }),
  [`GET ${ADMIN}/webhooks/:id/deliveries`]: webhook('params.id', { req: hook }),
  [`GET ${ADMIN}/webhooks/:id/deliveries/:delivery`]: webhook('params.id', {
    req: (o) => ({ params: { id: o.webhook, delivery: '00000000-0000-4000-8000-000000000000' } }),
    noData: /^Delivery not found/,
  }),
};
