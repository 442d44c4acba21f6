import {
  Ok,
  RecordIdParam,
  TASK_FILE_MAX_BYTES,
  TaskFileParams,
  TaskFileSchema,
  TaskFileUploadQuery,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { scoped } from '../../plugins/policy.ts';
import { attachTaskFile, downloadHeaders, removeTaskFile, taskFileDownload, taskFiles } from './taskFiles.service.ts';

const errors = errorResponses(400, 401, 403, 404, 413);
const readTask = scoped('task', 'read', { writes: false });
const writeTask = scoped('task', 'write', { writes: true });
const taskDoc = (summary: string) => doc('tasks', summary);
const F = '/tasks/:id/files';

/**
 * Files of a task: list, upload (the bytes as the body, name and type in the query), download
 * (always as an attachment) and delete. In a scope of their own so the upload parser applies here only.
 */
export function taskFileRoutes(app: App) {
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: TASK_FILE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    const { db } = app;
    scope.get(
      F,
      {
        config: readTask,
        schema: {
          ...taskDoc("A task's files"),
          params: RecordIdParam,
          response: { 200: Type.Array(TaskFileSchema), ...errors },
        },
      },
      async (req) => taskFiles(db, sessionOf(req), req.params.id),
    );
    scope.post(
      F,
      {
        config: writeTask,
        bodyLimit: TASK_FILE_MAX_BYTES,
        schema: {
          ...taskDoc(`Attach a file (application/octet-stream body, at most ${TASK_FILE_MAX_BYTES / 1024 / 1024} MB)`),
          params: RecordIdParam,
          querystring: TaskFileUploadQuery,
          response: { 200: TaskFileSchema, ...errors },
        },
      },
      async (req) =>
        attachTaskFile(db, sessionOf(req), req.params.id, {
          name: req.query.name,
          type: req.query.type,
          data: req.body,
        }),
    );
    scope.get(
      `${F}/:fileId`,
      {
        config: readTask,
        schema: {
          ...taskDoc('Download a file'),
          params: TaskFileParams,
          produces: ['application/octet-stream'],
          response: { 200: Type.String({ description: 'the file' }), ...errors },
        },
      },
      async (req, reply) => {
        const file = await taskFileDownload(db, sessionOf(req), req.params.id, req.params.fileId);
        reply.headers(downloadHeaders(file));
        // A Buffer is sent as it is (no serialiser); the schema documents the bytes it yields.
        return reply.send(file.data as unknown as string);
      },
    );
    scope.delete(
      `${F}/:fileId`,
      {
        config: writeTask,
        schema: { ...taskDoc('Delete a file'), params: TaskFileParams, response: { 200: Ok, ...errors } },
      },
      async (req) => removeTaskFile(db, sessionOf(req), req.params.id, req.params.fileId),
    );
  });
}
