import type {
  AddUserBody,
  AddUserResult,
  AdminOrganization,
  AdminProfile,
  ApiKey,
  ApiKeyCreated,
  ApiKeyScope,
  ContactFields,
  OrganizationSession,
  OrganizationSettings,
  OrganizationUsage,
  OwnedDashboard,
  Profile,
} from '@fieldwatch/core';
import { type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { query } from '@/lib/api.ts';
import { errorText } from '@/lib/errorText.ts';
import { ApiError, api } from '@/lib/http.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';

const A = '/api/v1/admin';
const O = (id: number) => `${A}/organization/${id}`;
const KEYS = '/api/v3/user/apiKeys';
type Ok = { success: boolean };
export type InfoKind = 'contactInfo' | 'billingInfo';
export type OwnershipScope = 'personal' | 'workspace';
export type UserProfileBody = { name: string; title: string; email: string; phone: string };

/** The administration calls (/api/v1/admin) and the admin screen's additions. */
export const adminApi = {
  organizations: () => api.get<AdminOrganization[]>(`${A}/getOrganizations`),
  profiles: (organizationId: number) => api.get<AdminProfile[]>(`${A}/profilesByOrgId${query({ organizationId })}`),
  addUser: (body: AddUserBody) => api.post<AddUserResult>(`${A}/addUser`, body),
  setRole: (username: string, organizationId: number, roleId: number) =>
    api.put<Ok>(`${A}/updateUserRole`, { username, organizationId, roleId }),
  removeRole: (username: string, organizationId: number) =>
    api.delete<Ok>(`${A}/profile`, { username, organizationId }),
  setPassword: (username: string, newPassword: string) =>
    api.put<unknown>(`${A}/updateUserPassword`, { username, newPassword }),
  /** Turns a user's two-factor sign-in off (lost phone and recovery codes); they set it up anew. */
  resetTwoFactor: (username: string) => api.post<{ success: boolean }>(`${A}/resetTwoFactor`, { username }),
  updateProfile: (username: string, userProfile: UserProfileBody) =>
    api.put<Profile>(`${A}/updateUserProfile`, { username, userProfile }),
  saveAvatar: (username: string, image: File) => {
    const form = new FormData();
    form.append('username', username);
    form.append('image', image);
    return api.post<Profile>(`${A}/saveUserAvatar`, form);
  },
  deleteAvatar: (username: string) => api.delete<Profile>(`${A}/deleteUserAvatar`, { username }),

  info: (id: number, kind: InfoKind) => api.get<ContactFields>(`${O(id)}/${kind}`),
  saveInfo: (id: number, kind: InfoKind, fields: ContactFields) => api.put<ContactFields>(`${O(id)}/${kind}`, fields),
  saveLogo: (id: number, image: Blob) => api.postImage<Ok>(`${O(id)}/avatar`, image),
  deleteLogo: (id: number) => api.delete<Ok>(`${O(id)}/avatar`),
  rename: (id: number, name: string) => api.put<Ok>(`${O(id)}/name`, { name }),
  addChild: (parentOrganizationId: number, organizationName: string) =>
    api.post<{ id: number }>(`${A}/organization/add`, { parentOrganizationId, organizationName }),
  remove: (id: number) => api.delete<Ok>(`${O(id)}/delete`),
  move: (id: number, parentOrganizationId: number) => api.put<Ok>(`${O(id)}/parent`, { parentOrganizationId }),
  /** Ends the trial of an organization made through a tag. */
  convert: (id: number) => api.post<Ok>(`${O(id)}/convert`),
  settings: (id: number) => api.get<OrganizationSettings>(`${O(id)}/settings`),
  saveSettings: (id: number, settings: OrganizationSettings) =>
    api.put<OrganizationSettings>(`${O(id)}/settings`, settings),
  sessions: (id: number) => api.get<OrganizationSession[]>(`${O(id)}/sessions`),
  endSession: (id: number, session: string) => api.delete<Ok>(`${O(id)}/sessions/${session}`),
  dashboards: (id: number) => api.get<OwnedDashboard[]>(`${O(id)}/dashboards`),
  transfer: (id: number, from: string, to: string, scope: OwnershipScope) =>
    api.post<{ moved: number }>(`${O(id)}/dashboards/transfer`, { from, to, scope }),
  usage: (id: number, days: number) => api.get<OrganizationUsage>(`${O(id)}/usage${query({ days })}`),

  apiKeys: () => api.get<ApiKey[]>(KEYS),
  /** A key acts for its owner without a password, so making one asks for the current password. */
  createApiKey: (name: string, scopes: ApiKeyScope[], currentPassword: string) =>
    api.post<ApiKeyCreated>(KEYS, { name, scopes, currentPassword }),
  revokeApiKey: (id: string) => api.delete<Ok>(`${KEYS}/${id}`),
};

/** Query keys: everything of one organization starts with ['admin', id], so a change can refresh it all. */
export const adminKeys = {
  /** Users and the tree touch several organizations: such changes refresh everything of the admin screen. */
  all: ['admin'] as const,
  organizations: ['admin', 'organizations'] as const,
  profiles: (id: number) => ['admin', id, 'profiles'] as const,
  info: (id: number, kind: InfoKind) => ['admin', id, kind] as const,
  settings: (id: number) => ['admin', id, 'settings'] as const,
  sessions: (id: number) => ['admin', id, 'sessions'] as const,
  dashboards: (id: number) => ['admin', id, 'dashboards'] as const,
  usage: (id: number, days: number) => ['admin', id, 'usage', days] as const,
  apiKeys: ['apiKeys'] as const,
};

export const isRefused = (e: unknown) => e instanceof ApiError && e.status === 403;

export const useOrganizations = (enabled: boolean) =>
  useQuery({ queryKey: adminKeys.organizations, queryFn: adminApi.organizations, enabled });
export const useProfiles = (id: number) =>
  useQuery({ queryKey: adminKeys.profiles(id), queryFn: () => adminApi.profiles(id) });
export const useInfo = (id: number, kind: InfoKind) =>
  useQuery({ queryKey: adminKeys.info(id, kind), queryFn: () => adminApi.info(id, kind) });
export const useSettings = (id: number) =>
  useQuery({ queryKey: adminKeys.settings(id), queryFn: () => adminApi.settings(id) });
export const useSessions = (id: number) =>
  useQuery({ queryKey: adminKeys.sessions(id), queryFn: () => adminApi.sessions(id) });
export const useOwnedDashboards = (id: number) =>
  useQuery({ queryKey: adminKeys.dashboards(id), queryFn: () => adminApi.dashboards(id) });
export const useUsage = (id: number, days: number) =>
  useQuery({
    queryKey: adminKeys.usage(id, days),
    queryFn: () => adminApi.usage(id, days),
    placeholderData: (previous) => previous,
  });
export const useApiKeys = () => useQuery({ queryKey: adminKeys.apiKeys, queryFn: adminApi.apiKeys });

/**
 * A change made from the admin screen: on success it refreshes what it touched and toasts the
 * given text; on failure it toasts the server's message (409 texts, 403 refusals) and rethrows,
 * so a dialog stays open. Errors that `shown` accepts are the caller's to show (on a field), untoasted.
 */
export function useAdminChange<V, R>(
  fn: (vars: V) => Promise<R>,
  opts: {
    refresh: readonly QueryKey[];
    done?: (result: R, vars: V) => string | undefined;
    shown?: (e: Error) => boolean;
  },
) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result, vars) => {
      for (const queryKey of opts.refresh) void queryClient.invalidateQueries({ queryKey });
      const text = opts.done?.(result, vars);
      if (text) toast(text, 'success');
    },
    onError: (e) => {
      if (!opts.shown?.(e)) toast(t('admin.failed', { message: errorText(e) }), 'danger');
    },
  });
}
