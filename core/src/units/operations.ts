/** The eight unit operations, by their names on the wire. */
export const OPERATIONS = [
  'get_data',
  'get_radar_and_data',
  'get_settings',
  'purge_data',
  'restart',
  'send_settings',
  'sync_clock',
  'comm_test',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Operation states as reported: requested, then succeeded or failed. */
export type OperationState = 'requested' | 'succeeded' | 'failed';

/** A unit that has not answered an operation within this time has failed it. */
export const OPERATION_TIMEOUT_S = 120;

/** Relay command: one character per relay, '1' on and '0' off. */
export const RELAY_STATE_PATTERN = '^[01]{1,16}$';
