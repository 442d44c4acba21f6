import {
  DeviceGroup,
  DeviceGroupKey,
  DeviceGroupUpdate,
  NewDeviceGroup,
  UpdateGroupBody,
  UseContextQuery,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { v2ErrorResponses } from '../../families/v2.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { V2Envelope, v2 } from '../../plugins/envelopes.ts';
import { deviceWrite, signedIn } from '../../plugins/policy.ts';
import {
  changeDeviceGroup,
  createDeviceGroup,
  listDeviceGroups,
  removeDeviceGroup,
  setDeviceGroupMembers,
} from './groups.service.ts';

const errors = v2ErrorResponses(400, 401, 403, 404);
// Who may call each route (plugins/policy.ts).
const reads = signedIn({ writes: false });
const tags = ['device groups v2'];
const GROUPS = '/groups';

/** Device groups of the v2 device API: list, create, change, delete, set members. */
export function groupRoutes(app: App) {
  const { db } = app;

  app.get(
    GROUPS,
    {
      config: reads,
      schema: {
        tags,
        security,
        summary: 'Groups you may see (use_context: of the current organisation only)',
        querystring: UseContextQuery,
        response: { 200: V2Envelope(Type.Array(DeviceGroup)), ...errors },
      },
    },
    async (request) => v2(await listDeviceGroups(db, sessionOf(request), { useContext: request.query.use_context })),
  );
  app.post(
    GROUPS,
    {
      config: deviceWrite,
      schema: {
        tags,
        security,
        summary: 'Create a group (with its devices)',
        body: NewDeviceGroup,
        response: { 200: V2Envelope(DeviceGroup), ...errors },
      },
    },
    async (request) => v2(await createDeviceGroup(db, sessionOf(request), request.body)),
  );
  app.put(
    GROUPS,
    {
      config: deviceWrite,
      schema: {
        tags,
        security,
        summary: 'Rename a group, change its description, replace its devices when given',
        body: DeviceGroupUpdate,
        response: { 200: V2Envelope(DeviceGroup), ...errors },
      },
    },
    async (request) => v2(await changeDeviceGroup(db, sessionOf(request), request.body)),
  );
  app.delete(
    GROUPS,
    {
      config: deviceWrite,
      schema: {
        tags,
        security,
        summary: 'Delete a group',
        body: DeviceGroupKey,
        response: { 200: V2Envelope(Type.Object({ id: Type.Integer() })), ...errors },
      },
    },
    async (request) => v2(await removeDeviceGroup(db, sessionOf(request), request.body)),
  );
  app.put(
    '/devices/updateGroup',
    {
      config: deviceWrite,
      schema: {
        tags,
        security,
        summary: 'Set the devices of a group',
        body: UpdateGroupBody,
        response: { 200: V2Envelope(DeviceGroup), ...errors },
      },
    },
    async (request) => v2(await setDeviceGroupMembers(db, sessionOf(request), request.body)),
  );
}
