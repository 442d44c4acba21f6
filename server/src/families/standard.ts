import { ErrorBody } from '@fieldwatch/core';
import { errorsOf, type Family, standardShape } from './family.ts';

export const adminFamily: Family = { prefix: '/api/v1/admin', errorShape: standardShape };
export const nfcFamily: Family = { prefix: '/api/v1/nfc', errorShape: standardShape };
export const v3Family: Family = { prefix: '/api/v3', errorShape: standardShape };

/** The error responses of a route answering { error: true, statusCode, message } (every family but v2 and legacy v1). */
export const errorResponses = errorsOf(ErrorBody);
export const v3Errors = errorResponses(400, 401, 403, 404, 409, 503);
