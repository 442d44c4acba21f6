import type { Queryable } from '../../db/db.ts';

export type UserValueRow = { value_type: string; value_id: string; is_default: boolean; data: string };

export async function findValues(
  db: Queryable,
  userId: number,
  f: { type?: string; id?: string; isDefault?: boolean },
): Promise<UserValueRow[]> {
  return db.query<UserValueRow>(
    `select value_type, value_id, is_default, data from user_values
     where user_id = $1 and ($2::text is null or value_type = $2) and ($3::text is null or value_id = $3)
       and ($4::boolean is null or is_default = $4)
     order by value_type, value_id`,
    [userId, f.type ?? null, f.id ?? null, f.isDefault ?? null],
  );
}

export async function upsertValue(
  db: Queryable,
  userId: number,
  v: { type: string; id: string; isDefault: boolean; data: string },
): Promise<UserValueRow> {
  const [row] = await db.query<UserValueRow>(
    `insert into user_values (user_id, value_type, value_id, is_default, data) values ($1, $2, $3, $4, $5)
     on conflict (user_id, value_type, value_id) do update set is_default = excluded.is_default, data = excluded.data
     returning value_type, value_id, is_default, data`,
    [userId, v.type, v.id, v.isDefault, v.data],
  );
  if (!row) throw new Error('upsert into user_values returned nothing');
  return row;
}

export async function deleteValue(db: Queryable, userId: number, type: string, id: string): Promise<UserValueRow[]> {
  return db.query<UserValueRow>(
    `delete from user_values where user_id = $1 and value_type = $2 and value_id = $3
     returning value_type, value_id, is_default, data`,
    [userId, type, id],
  );
}
