import type { Queryable } from '../../db/db.ts';

export type TaskFileRow = {
  id: string;
  task_id: string;
  name: string;
  content_type: string;
  size: number;
  uploaded_by: string;
  uploaded_at: Date;
};
const columns = 'id, task_id, name, content_type, size, uploaded_by, uploaded_at';

export async function listTaskFiles(db: Queryable, taskId: string): Promise<TaskFileRow[]> {
  return db.query<TaskFileRow>(`select ${columns} from task_files where task_id = $1 order by uploaded_at, id`, [
    taskId,
  ]);
}

export async function insertTaskFile(
  db: Queryable,
  f: { id: string; taskId: string; name: string; contentType: string; data: Buffer; uploadedBy: string },
): Promise<TaskFileRow> {
  const [row] = await db.query<TaskFileRow>(
    `insert into task_files (id, task_id, name, content_type, size, data, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${columns}`,
    [f.id, f.taskId, f.name, f.contentType, f.data.length, f.data, f.uploadedBy],
  );
  if (!row) throw new Error('insert into task_files returned nothing');
  return row;
}

export async function taskFileData(db: Queryable, taskId: string, fileId: string) {
  const [row] = await db.query<TaskFileRow & { data: Uint8Array }>(
    `select ${columns}, data from task_files where task_id = $1 and id = $2`,
    [taskId, fileId],
  );
  return row;
}

export async function deleteTaskFile(db: Queryable, taskId: string, fileId: string): Promise<boolean> {
  return (
    (await db.query('delete from task_files where task_id = $1 and id = $2 returning id', [taskId, fileId])).length > 0
  );
}
