import type {
  Access,
  CreateAccountBody,
  JoinRequestBody,
  JoinRequestSent,
  OnboardingConfig,
  OnboardingConfigBody,
  OperationStatus,
  Profile,
  TagOnboardingView,
  TagPublic,
} from '@fieldwatch/core';
import { api, type V2Envelope, v2 } from '@/lib/http.ts';

const N = '/api/v1/nfc';

export type CreatedAccount = { access: Access; profile: Profile; organizationId: number; trialEndsAt: string };

/** A tag's uuid as the route gives it; anything else is not asked about (the server would answer 400). */
export const isTagUuid = (uuid: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid);

/** The tag calls (/api/v1/nfc) and the operation queue the activation step follows. */
export const onboardingApi = {
  tag: (uuid: string) => api.get<TagPublic>(`${N}/tag/${uuid}`),
  /** Signed in; each call issues a fresh one-time activation code (30 min). */
  view: (uuid: string) => api.get<TagOnboardingView>(`${N}/tag/${uuid}/view`),
  /** Where an activated tag's unit went (404 before its first activation). */
  activate: (uuid: string, body: OnboardingConfigBody) => api.post<OnboardingConfig>(`${N}/tag/${uuid}/config`, body),
  userExists: (uuid: string, email: string) =>
    api.get<{ exists: boolean }>(`${N}/user/${uuid}/${encodeURIComponent(email.trim())}`),
  joinRequest: (uuid: string, body: JoinRequestBody) =>
    api.post<JoinRequestSent>(`${N}/user/${uuid}/joinRequest`, body),
  createAccount: (uuid: string, body: CreateAccountBody) =>
    api.post<CreatedAccount>(`${N}/user/${uuid}/createAccount`, body),
  operations: (unitId: number) =>
    v2(api.get<V2Envelope<OperationStatus[]>>(`/api/v2/device/devices/${unitId}/operations`)),
};
