import { EventMessages, EventRuleError } from './messages.ts';

/** Spec §7: the key-value namespaces. 'keyv' is the default. */
export const KV_DEFAULT_TYPE = 'keyv';
export const KV_EVENT_MANAGEMENT = '_event_management';
export const KV_GROUP = '_group';
/** The event-management keys under `_event_management`. */
export const EVENT_MANAGEMENT_KEYS = ['events', 'notifications', 'tasks'] as const;

/** A stored user value (spec §3): ValueID, ValueType, Default (Y or N), JSonData. */
export type StoredUserValue = { ValueID: string; ValueType: string; Default: 'Y' | 'N'; JSonData: string };

/** Spec §5: get and delete answer nothing on an empty key. */
export const isKvKey = (key: unknown): key is string => typeof key === 'string' && key.trim() !== '';

/** Spec §5: set refuses an empty key or value. */
export const isKvValue = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value === '');

/** Spec §5: more than one record for a key is an error ('More than one keys received'). */
export function singleRecord<T>(rows: readonly T[]): T | undefined {
  if (rows.length > 1) throw new EventRuleError(EventMessages.moreThanOneKey);
  return rows[0];
}
