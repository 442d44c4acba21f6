import { EventMessages, EventRuleError } from './messages.ts';

/** The key-value namespaces. 'keyv' is the default. */
export const KV_DEFAULT_TYPE = 'keyv';

/** Set refuses an empty key or value. */
export const isKvValue = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value === '');

/** More than one record for a key is an error ('More than one keys received'). */
export function singleRecord<T>(rows: readonly T[]): T | undefined {
  if (rows.length > 1) throw new EventRuleError(EventMessages.moreThanOneKey);
  return rows[0];
}
