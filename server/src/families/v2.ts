import type { TSchema } from '@sinclair/typebox';
import { V2Envelope, V2Error } from '../plugins/envelopes.ts';
import { type ErrorShape, errorsOf, type Family } from './family.ts';

/** The v2 device calls: { success: true, result }, or { success: false, error } with a 4xx status. */
const v2Shape: ErrorShape = (_statusCode, message) => ({ success: false, error: message });

export const v2DeviceFamily: Family = { prefix: '/api/v2/device', errorShape: v2Shape };
export const v2ReportFamily: Family = { prefix: '/api/v2/report', errorShape: v2Shape };

export const v2ErrorResponses = errorsOf(V2Error);
export const v2Errors = v2ErrorResponses(400, 401, 403, 404, 409, 503);

/** The responses of a v2 call: its result in the success envelope, errors as { success: false, error }. */
export const v2Responses = <T extends TSchema>(result: T) => ({ 200: V2Envelope(result), ...v2Errors });
