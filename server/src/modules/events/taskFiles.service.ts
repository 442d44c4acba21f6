import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { httpError } from '../../plugins/errors.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { findTask } from './events.repository.ts';
import { actor, assertWritable, notFound, taskScope } from './events.service.ts';
import {
  deleteTaskFile,
  insertTaskFile,
  listTaskFiles,
  type TaskFileRow,
  taskFileData,
} from './taskFiles.repository.ts';

/** The largest file a task takes (photos from the field, reports, PDFs). */
export const TASK_FILE_MAX_BYTES = 10 * 1024 * 1024;

const toFile = (f: TaskFileRow) => ({
  id: f.id,
  name: f.name,
  type: f.content_type,
  size: f.size,
  uploadedBy: f.uploaded_by,
  uploadedAt: f.uploaded_at.toISOString(),
});

/** The task, when the user may see it; with `write`, only when they may also change it (403). */
async function taskOf(db: Queryable, session: SessionRow, taskId: string, write: boolean) {
  const scope = await taskScope(db, session);
  const row = await findTask(db, taskId, scope.visible);
  if (!row) throw notFound('Task');
  if (write) assertWritable(scope, row.organization_id);
  return row;
}

export async function taskFiles(db: Queryable, session: SessionRow, taskId: string) {
  await taskOf(db, session, taskId, false);
  return (await listTaskFiles(db, taskId)).map(toFile);
}

export async function attachTaskFile(
  db: Queryable,
  session: SessionRow,
  taskId: string,
  file: { name: string; type?: string; data: unknown },
) {
  await taskOf(db, session, taskId, true);
  if (!Buffer.isBuffer(file.data) || file.data.length === 0) {
    throw httpError(400, 'body: the file itself is required, sent as application/octet-stream');
  }
  const row = await insertTaskFile(db, {
    id: randomUUID(),
    taskId,
    name: file.name.trim(),
    contentType: file.type || 'application/octet-stream',
    data: file.data,
    uploadedBy: actor(session).user ?? '',
  });
  return toFile(row);
}

/** The bytes of a file, for download (always as an attachment: never rendered in the page's origin). */
export async function taskFileDownload(db: Queryable, session: SessionRow, taskId: string, fileId: string) {
  await taskOf(db, session, taskId, false);
  const row = await taskFileData(db, taskId, fileId);
  if (!row) throw notFound('File');
  return { name: row.name, type: row.content_type, data: Buffer.from(row.data) };
}

export async function removeTaskFile(db: Queryable, session: SessionRow, taskId: string, fileId: string) {
  await taskOf(db, session, taskId, true);
  if (!(await deleteTaskFile(db, taskId, fileId))) throw notFound('File');
  return { success: true };
}
