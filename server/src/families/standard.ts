import { ErrorBody } from '@fieldwatch/core';
import { errorsOf, type Family, standardShape } from './family.ts';

/** The families answering errors as { error: true, statusCode, message }. */
export const v3Family: Family = { prefix: '/api/v3', errorShape: standardShape };
export const adminFamily: Family = { prefix: '/api/v1/admin', errorShape: standardShape };
export const nfcFamily: Family = { prefix: '/api/v1/nfc', errorShape: standardShape };

export const errors = errorsOf(ErrorBody);
export const v3Errors = errors(400, 401, 403, 404, 409, 503);
