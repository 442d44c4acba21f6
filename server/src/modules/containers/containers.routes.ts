import {
  ContainerIdParam,
  ContainerListQuery,
  ContainerUnitsBody,
  ContainerUpdate,
  ContainerView,
  GroupImportBody,
  GroupImportResult,
  NewContainer,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { deviceWrite, signedIn } from '../../plugins/policy.ts';
import {
  addContainer,
  changeContainer,
  importGroup,
  listContainers,
  moveUnits,
  removeContainer,
} from './containers.service.ts';

const C = '/containers';
const errors = errorResponses(400, 401, 403, 404);
// Who may call each route (plugins/policy.ts).
const reads = signedIn({ writes: false });
const containers = doc('containers');

/** Groups and locations (group and location management), stored per organization. */
export function containerRoutes(app: App) {
  const { db } = app;

  app.get(
    C,
    {
      config: reads,
      schema: {
        ...containers,
        summary: 'Groups and locations you may see (type: one kind only; use_context: the current organisation)',
        querystring: ContainerListQuery,
        response: { 200: Type.Array(ContainerView), ...errors },
      },
    },
    async (request) =>
      listContainers(db, sessionOf(request), { type: request.query.type, useContext: request.query.use_context }),
  );
  app.post(
    C,
    {
      config: deviceWrite,
      schema: {
        ...containers,
        summary: "Create a group or a location ('Missing parameters' without a name)",
        body: NewContainer,
        response: { 200: ContainerView, ...errors },
      },
    },
    async (request) => addContainer(db, sessionOf(request), request.body),
  );
  app.put(
    `${C}/:id`,
    {
      config: deviceWrite,
      schema: {
        ...containers,
        summary: 'Rename a container; set the locations a group holds',
        params: ContainerIdParam,
        body: ContainerUpdate,
        response: { 200: ContainerView, ...errors },
      },
    },
    async (request) => changeContainer(db, sessionOf(request), request.params.id, request.body),
  );
  app.delete(
    `${C}/:id`,
    {
      config: deviceWrite,
      schema: {
        ...containers,
        summary: 'Delete a group or a location (its units stay, without a place)',
        params: ContainerIdParam,
        response: { 200: Type.Object({ id: Type.String() }), ...errors },
      },
    },
    async (request) => removeContainer(db, sessionOf(request), request.params.id),
  );
  // Moving in and taking out are one resource: they take and answer the same shapes.
  const unitsSchema = {
    ...containers,
    params: ContainerIdParam,
    body: ContainerUnitsBody,
    response: { 200: ContainerView, ...errors },
  };
  app.put(
    `${C}/:id/units`,
    {
      config: deviceWrite,
      schema: { ...unitsSchema, summary: 'Move units into a location (each leaves the location it was in)' },
    },
    async (request) => moveUnits(db, sessionOf(request), request.params.id, request.body.units, 'in'),
  );
  app.delete(
    `${C}/:id/units`,
    {
      config: deviceWrite,
      schema: { ...unitsSchema, summary: 'Take units out of a location' },
    },
    async (request) => moveUnits(db, sessionOf(request), request.params.id, request.body.units, 'out'),
  );
  app.post(
    `${C}/import`,
    {
      config: deviceWrite,
      schema: {
        ...containers,
        summary: "Group import: a customer's group by name, organised into locations by its units' location texts",
        body: GroupImportBody,
        response: { 200: GroupImportResult, ...errors },
      },
    },
    async (request) => importGroup(db, sessionOf(request), request.body),
  );
}
