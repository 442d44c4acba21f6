import { type TSchema, Type } from '@sinclair/typebox';

/**
 * The answer shapes of the API families.
 * - v2 device calls: { success: true, result } or { success: false, error } (with a 4xx status).
 * - legacy v1 calls (/api/v1/xrequest/…): a list call answers an array, a single call one
 *   object, and a business error a single { Result: message } with a 4xx status.
 */
export const V2Envelope = <T extends TSchema>(result: T) => Type.Object({ success: Type.Literal(true), result });
export const V2Error = Type.Object({ success: Type.Literal(false), error: Type.String() });
export const LegacyError = Type.Object({ Result: Type.String() });

export const v2 = <T>(result: T) => ({ success: true as const, result });

/** The text for a unit that is not the user's; answered as 404, as if it did not exist. */
export const NO_AUTHORITY = 'You are missing authority for this device';
