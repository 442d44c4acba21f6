import { type AccountBrand, RESET_TOKEN_PATTERN } from '@fieldwatch/core';
import { api } from '@/lib/http.ts';

const U = '/api/v3/user';

/** The public password-reset calls: ask for a link, check it, set the password with it. */
export const resetApi = {
  /** The same answer whether an account has the address or not. */
  requestLink: (email: string) =>
    api.post<{ success: true }>(`${U}/createRestorePasswordToken`, {
      userId: email,
      baseUrl: `${window.location.origin}/reset-password`,
    }),
  verify: (token: string) => api.get<{ valid: true; username: string }>(`${U}/verifyChangePasswordToken/${token}`),
  changePassword: (token: string, newPassword: string) =>
    api.post<{ success: true }>(`${U}/changePassword`, { token, newPassword }),
};

/** A link's token has the contract's shape; anything else cannot be a live link, so it is not sent. */
const TOKEN = new RegExp(RESET_TOKEN_PATTERN);
export const isTokenShaped = (token: string) => TOKEN.test(token);

/** A reset link's check, once per token (none sent for a token of the wrong shape). */
export const resetTokenQuery = (token: string) => ({
  queryKey: ['resetToken', token] as const,
  queryFn: () => resetApi.verify(token),
  enabled: isTokenShaped(token),
  staleTime: Number.POSITIVE_INFINITY,
});

/** An account URL has this shape; anything else names no organization, so it is not sent. */
export const isAccountShaped = (accountUrl: string) => /^[a-z0-9-]{1,40}$/.test(accountUrl);

/** The organization of an account URL's sign-in link (/a/{accountUrl} leads to /login?account=…). */
export const accountBrand = (accountUrl: string) =>
  api.get<AccountBrand>(`/api/v1/account/${encodeURIComponent(accountUrl)}`);

export const accountBrandQuery = (accountUrl: string) => ({
  queryKey: ['account', accountUrl] as const,
  queryFn: () => accountBrand(accountUrl),
  enabled: isAccountShaped(accountUrl),
  retry: false,
});
