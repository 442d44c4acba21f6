import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

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

/**
 * The types a task file is served as: pictures, PDFs and plain text, which no browser runs as
 * script or page. Any other file is served as application/octet-stream, bytes to save.
 */
const SERVED_TYPES: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log'],
  'text/csv': ['csv'],
};
const BY_EXTENSION = new Map(Object.entries(SERVED_TYPES).flatMap(([type, exts]) => exts.map((e) => [e, type])));
const OCTET_STREAM = 'application/octet-stream';

/**
 * The one rule for a task file's type, at upload and at download: the declared type or, without
 * one, the type of the name's extension, when it is one of SERVED_TYPES; anything else is
 * application/octet-stream.
 */
export function taskFileType(declared: string | undefined, name: string): string {
  const type = declared?.trim().toLowerCase() || BY_EXTENSION.get(/\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '');
  return type && Object.hasOwn(SERVED_TYPES, type) ? type : OCTET_STREAM;
}

/** `attachment; filename=…` with a plain fallback and the UTF-8 name (RFC 6266 / 5987). */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\w. -]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The headers of a download: its type by `taskFileType`, always an attachment, and never active in
 * our origin even when opened on its own (sandboxed, nothing loads, no sniffing, not embeddable
 * by other sites).
 */
export function downloadHeaders(file: { name: string; type: string }): Record<string, string> {
  return {
    'content-type': taskFileType(file.type, file.name),
    'content-disposition': disposition(file.name),
    'content-security-policy': "default-src 'none'; sandbox",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
}

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
    throw new HttpError(400, 'body: the file itself is required, sent as application/octet-stream');
  }
  const name = file.name.trim();
  const row = await insertTaskFile(db, {
    id: randomUUID(),
    taskId,
    name,
    contentType: taskFileType(file.type, name),
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
