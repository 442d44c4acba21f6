import { ErrorBody } from '@fieldwatch/core';
import type { TSchema } from '@sinclair/typebox';
import { LegacyError, V2Envelope, V2Error } from '../../plugins/envelopes.ts';

/** Schema parts shared by the telemetry routes: the session security and the error body of each API family. */
export const security = [{ session: [] }];

const errorCodes = [400, 401, 403, 404, 409, 503] as const;
const errorsOf = (body: TSchema) => Object.fromEntries(errorCodes.map((c) => [c, body])) as Record<number, TSchema>;

export const v3Errors = errorsOf(ErrorBody);
export const v2Errors = errorsOf(V2Error);
export const legacyErrors = errorsOf(LegacyError);

/** The responses of a v2 call: its result in the success envelope, errors as {success: false, error}. */
export const v2Responses = <T extends TSchema>(result: T) => ({ 200: V2Envelope(result), ...v2Errors });
