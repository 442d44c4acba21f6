import {
  AcceptJoinRequestBody,
  AddOrganizationBody,
  AddUserBody,
  AddUserResult,
  AdminOrganization,
  AdminProfile,
  ContactFields,
  DashboardTransferBody,
  DashboardTransferResult,
  DeleteProfileBody,
  JoinRequest,
  JoinRequestParam,
  MoveOrganizationBody,
  Ok,
  OrganizationNameBody,
  OrganizationParam,
  OrganizationSession,
  OrganizationSessionParam,
  OrganizationSettings,
  OrganizationUsage,
  OwnedDashboard,
  Profile,
  ProfilesQuery,
  UpdateUserPasswordBody,
  UpdateUserProfileBody,
  UpdateUserRoleBody,
  UsageQuery,
  Username,
  UsernameBody,
} from '@fieldwatch/core';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { HttpError } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';

import { type RoutePolicy, scoped, signedIn } from '../../plugins/policy.ts';
import {
  acceptAvatarBodies,
  avatarImage,
  imageBytes,
  multipartParts,
  sendImage,
  type UploadBody,
} from '../../uploads/imageBodies.ts';
import { avatarOf } from '../users/profile.service.ts';
import { adminOf } from './admin.access.ts';
import {
  addUser,
  deleteProfile,
  profilesByOrganization,
  reachableUserId,
  resetTwoFactorOf,
  setUserAvatar,
  updateUserPassword,
  updateUserProfile,
  updateUserRole,
} from './admin.service.ts';
import { acceptJoinRequest, declineJoinRequest, joinRequestsFor } from './joinRequests.service.ts';
import {
  addChildOrganization,
  convertTrial,
  deleteOrganizationOf,
  moveOrganizationOf,
  organizationInfo,
  organizationSettings,
  organizationsOf,
  renameOrganizationOf,
  saveOrganizationAvatar,
  saveOrganizationInfo,
  saveOrganizationSettings,
} from './organizationAdmin.service.ts';
import {
  endOrganizationSession,
  organizationDashboards,
  organizationSessions,
  organizationUsage,
  transferOwnership,
} from './oversight.service.ts';

const O = '/organization/:id';
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
type Parts = { querystring?: TSchema; body?: TSchema; params?: TSchema; summary?: string };
const schema = <S extends Parts, R extends TSchema = typeof Ok>(config: { policy: RoutePolicy }, s: S, ok?: R) => ({
  config,
  schema: {
    tags: ['administration'],
    security,
    ...s,
    response: { 200: (ok ?? Ok) as R, ...errors },
  },
});
/** Who may call: a role on the organization concerned that may manage its users, or the organization. */
const userReads = scoped('user', 'manage', { writes: false });
const userWrites = scoped('user', 'manage', { writes: true });
/** Password and e-mail address: never with an API key. */
const userWritesNoKey = scoped('user', 'manage', { writes: true, apiKey: false });
const orgReads = scoped('organization', 'manage', { writes: false });
const orgWrites = scoped('organization', 'manage', { writes: true });

/**
 * The administration calls (/api/v1/admin) and the admin screen's additions (settings,
 * move, sessions, dashboard ownership, usage). Every call checks the SuperUser role first.
 */
export function adminRoutes(app: App) {
  app.register(async (scope: FastifyInstance) => {
    acceptAvatarBodies(scope);
    routes(scope as App);
  });
}

/** saveUserAvatar's multipart body: the 'image' and 'username' fields. */
function userAvatarUpload(body: UploadBody) {
  if (!body || Buffer.isBuffer(body)) throw new HttpError(400, 'Missing parameters');
  const parts = multipartParts(body);
  const username = parts
    .find((p) => p.name === 'username')
    ?.data.toString('utf8')
    .trim();
  if (!username || username.length > 100) throw new HttpError(400, 'Missing parameters');
  return { username, image: avatarImage(parts.find((p) => p.name === 'image')?.data) };
}

function routes(app: App) {
  const { db } = app;
  const admin = (request: FastifyRequest) => adminOf(sessionOf(request));

  app.get(
    `/profilesByOrgId`,
    schema(userReads, { querystring: ProfilesQuery }, Type.Array(AdminProfile)),
    async (request) => profilesByOrganization(db, admin(request), request.query.organizationId),
  );
  app.delete(`/profile`, schema(userWrites, { body: DeleteProfileBody }), async (request) =>
    deleteProfile(db, app.bus, admin(request), request.body.username, request.body.organizationId),
  );
  app.put(`/updateUserRole`, schema(userWrites, { body: UpdateUserRoleBody }), async (request) =>
    updateUserRole(db, admin(request), request.body.username, request.body.organizationId, request.body.roleId),
  );
  app.put(
    `/updateUserPassword`,
    schema(userWritesNoKey, { body: UpdateUserPasswordBody }, Type.String()),
    async (request, reply) => {
      await updateUserPassword(db, app.bus, admin(request), request.body.username, request.body.newPassword);
      return reply.type('text/plain; charset=utf-8').send('Password updated');
    },
  );
  app.post(
    `/resetTwoFactor`,
    schema(userWritesNoKey, { body: UsernameBody, summary: "Turns a user's two-factor sign-in off (lost phone)" }),
    async (request) => resetTwoFactorOf(db, admin(request), request.body.username),
  );
  app.put(`/updateUserProfile`, schema(userWritesNoKey, { body: UpdateUserProfileBody }, Profile), async (request) =>
    updateUserProfile(db, admin(request), request.body.username, request.body.userProfile, request.log),
  );
  app.post(
    `/saveUserAvatar`,
    schema(userWrites, { summary: "multipart: 'image' and 'username'" }, Profile),
    async (request) => {
      const { username, image } = userAvatarUpload(request.body as UploadBody);
      return setUserAvatar(db, admin(request), username, image);
    },
  );
  app.delete(`/deleteUserAvatar`, schema(userWrites, { body: UsernameBody }, Profile), async (request) =>
    setUserAvatar(db, admin(request), request.body.username, null),
  );
  app.get(
    `/userAvatar`,
    {
      config: userReads,
      schema: {
        tags: ['administration'],
        querystring: Type.Object({ username: Username, v: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const userId = await reachableUserId(db, admin(request), request.query.username);
      return sendImage(request, reply, await avatarOf(db, userId));
    },
  );
  app.post(`/addUser`, schema(userWrites, { body: AddUserBody }, AddUserResult), async (request) =>
    addUser(db, admin(request), request.body, {
      mailer: app.mailer,
      origin: app.publicUrl,
      log: request.log,
    }),
  );

  app.get(
    `/joinRequests`,
    schema(
      signedIn({ writes: false }),
      { summary: 'Join requests waiting in the organisations the caller administers' },
      Type.Array(JoinRequest),
    ),
    async (request) => joinRequestsFor(db, admin(request)),
  );
  app.post(
    `/joinRequest/:id/accept`,
    schema(userWrites, { params: JoinRequestParam, body: AcceptJoinRequestBody }, AddUserResult),
    async (request) =>
      acceptJoinRequest(db, admin(request), request.params.id, request.body, {
        mailer: app.mailer,
        origin: app.publicUrl,
        log: request.log,
      }),
  );
  app.post(`/joinRequest/:id/decline`, schema(userWrites, { params: JoinRequestParam }), async (request) =>
    declineJoinRequest(db, admin(request), request.params.id),
  );

  app.get(`/getOrganizations`, schema(orgReads, {}, Type.Array(AdminOrganization)), async (request) =>
    organizationsOf(db, admin(request)),
  );
  for (const [path, kind] of [
    ['billingInfo', 'billing'],
    ['contactInfo', 'contact'],
  ] as const) {
    app.get(`${O}/${path}`, schema(orgReads, { params: OrganizationParam }, ContactFields), async (request) =>
      organizationInfo(db, admin(request), request.params.id, kind),
    );
    app.put(
      `${O}/${path}`,
      schema(orgWrites, { params: OrganizationParam, body: ContactFields }, ContactFields),
      async (request) => saveOrganizationInfo(db, admin(request), request.params.id, kind, request.body),
    );
  }
  app.post(
    `${O}/avatar`,
    schema(orgWrites, { params: OrganizationParam, summary: 'The raw image (PNG, JPEG or WebP) with its type' }),
    async (request) =>
      saveOrganizationAvatar(
        db,
        admin(request),
        request.params.id,
        avatarImage(imageBytes(request.body as UploadBody, 'image')),
      ),
  );
  app.delete(`${O}/avatar`, schema(orgWrites, { params: OrganizationParam }), async (request) =>
    saveOrganizationAvatar(db, admin(request), request.params.id, null),
  );
  app.put(`${O}/name`, schema(orgWrites, { params: OrganizationParam, body: OrganizationNameBody }), async (request) =>
    renameOrganizationOf(db, admin(request), request.params.id, request.body.name),
  );
  app.post(
    `/organization/add`,
    schema(
      orgWrites,
      { body: AddOrganizationBody },
      Type.Object({ id: Type.Integer(), name: Type.String(), parentOrganizationId: Type.Integer() }),
    ),
    async (request) =>
      addChildOrganization(db, admin(request), request.body.parentOrganizationId, request.body.organizationName),
  );
  app.delete(`${O}/delete`, schema(orgWrites, { params: OrganizationParam }), async (request) =>
    deleteOrganizationOf(db, admin(request), request.params.id),
  );
  app.put(
    `${O}/parent`,
    schema(orgWrites, { params: OrganizationParam, body: MoveOrganizationBody }),
    async (request) => moveOrganizationOf(db, admin(request), request.params.id, request.body.parentOrganizationId),
  );
  app.post(
    `${O}/convert`,
    schema(orgWrites, { params: OrganizationParam, summary: 'Ends the trial of an organisation made through a tag' }),
    async (request) => convertTrial(db, admin(request), request.params.id),
  );
  app.get(`${O}/settings`, schema(orgReads, { params: OrganizationParam }, OrganizationSettings), async (request) =>
    organizationSettings(db, admin(request), request.params.id),
  );
  app.put(
    `${O}/settings`,
    schema(orgWrites, { params: OrganizationParam, body: OrganizationSettings }, OrganizationSettings),
    async (request) => saveOrganizationSettings(db, admin(request), request.params.id, request.body),
  );
  app.get(
    `${O}/sessions`,
    schema(userReads, { params: OrganizationParam }, Type.Array(OrganizationSession)),
    async (request) => organizationSessions(db, admin(request), request.params.id),
  );
  app.delete(`${O}/sessions/:session`, schema(userWrites, { params: OrganizationSessionParam }), async (request) =>
    endOrganizationSession(db, app.bus, admin(request), request.params.id, request.params.session),
  );
  app.get(
    `${O}/dashboards`,
    schema(scoped('dashboard', 'manage', { writes: false }), { params: OrganizationParam }, Type.Array(OwnedDashboard)),
    async (request) => organizationDashboards(db, admin(request), request.params.id),
  );
  app.post(
    `${O}/dashboards/transfer`,
    schema(
      scoped('dashboard', 'manage', { writes: true }),
      { params: OrganizationParam, body: DashboardTransferBody },
      DashboardTransferResult,
    ),
    async (request) => transferOwnership(db, admin(request), request.params.id, request.body),
  );
  app.get(
    `${O}/usage`,
    schema(orgReads, { params: OrganizationParam, querystring: UsageQuery }, OrganizationUsage),
    async (request) => organizationUsage(db, admin(request), request.params.id, request.query.days ?? 30),
  );
}
