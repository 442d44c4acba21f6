import { LegacyError } from '../plugins/envelopes.ts';
import { type ErrorShape, errorsOf, type Family } from './family.ts';

/** The legacy v1 calls: a business error is a single { Result: message } with a 4xx status. */
const legacyShape: ErrorShape = (_statusCode, message) => ({ Result: message });

export const legacyFamily: Family = { prefix: '/api/v1/xrequest', errorShape: legacyShape };

export const legacyErrorResponses = errorsOf(LegacyError);
export const legacyErrors = legacyErrorResponses(400, 401, 403, 404, 409, 503);
