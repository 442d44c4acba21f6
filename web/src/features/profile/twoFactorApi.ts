import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorProofBody, TwoFactorStatus } from '@fieldwatch/core';
import { api } from '@/lib/http.ts';

const B = '/api/v3/user/twoFactor';

/** The user's own two-factor sign-in calls (server/src/modules/auth/twoFactor.routes.ts). */
export const twoFactorApi = {
  status: () => api.get<TwoFactorStatus>(B),
  /** A new secret and its otpauth:// URI; it counts once `confirm` got a code from it. */
  enrol: () => api.post<TwoFactorEnrolment>(`${B}/enrol`),
  confirm: (code: string) => api.post<RecoveryCodes>(`${B}/confirm`, { code }),
  disable: (proof: TwoFactorProofBody) => api.post<{ success: boolean }>(`${B}/disable`, proof),
  newRecoveryCodes: (proof: TwoFactorProofBody) => api.post<RecoveryCodes>(`${B}/recoveryCodes`, proof),
};

/** Whether two-factor sign-in is on, required, and how many recovery codes are left. */
export const twoFactorQuery = { queryKey: ['twoFactor'] as const, queryFn: twoFactorApi.status };

/** The secret as it is typed: groups of four ('JBSW Y3DP …'). */
export const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
