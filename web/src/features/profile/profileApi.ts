import type { Language, PreferencesBody, Profile, ProfileUpdate, Session } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { query } from '../../lib/api.ts';
import { api } from '../../lib/http.ts';
import { queryClient } from '../../lib/query.ts';
import { useUserStore } from '../../stores/user.ts';

const P = '/api/v3/user/profile';
const S = '/api/v2/auth/session';

/** The profile and session calls of spec §7 that the profile screen makes. */
export const profileApi = {
  get: () => api.get<Profile>(P),
  /** A new e-mail address needs the current password (403 without it or with a wrong one, 429 when throttled). */
  update: (update: ProfileUpdate & { currentPassword?: string }) => api.put<Profile>(P, update),
  preferences: (body: PreferencesBody) => api.put<Profile>(`${P}/preferences`, body),
  language: (language: Language) => api.put<Profile>(`${P}/language${query({ language })}`),
  /** The image goes as raw bytes (spec §7); the server reads its type from the content. */
  uploadAvatar: (file: Blob) => api.postImage<Profile>(`${P}/avatar`, file),
  removeAvatar: () => api.delete<Profile>(`${P}/avatar`),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<boolean>(`${P}/password`, { currentPassword, newPassword }),
  sessions: () => api.get<Session[]>(S),
  endSession: (id: string) => api.delete<{ success: boolean }>(`${S}/logout/${id}`),
  endOtherSessions: () => api.delete<{ ended: number }>(`${S}/others`),
};

export const profileKeys = { profile: ['profile'] as const, sessions: ['profile', 'sessions'] as const };

export const useProfile = () => useQuery({ queryKey: profileKeys.profile, queryFn: profileApi.get });

export const useSessions = () => useQuery({ queryKey: profileKeys.sessions, queryFn: profileApi.sessions });

/**
 * Takes a profile the server answered with everywhere: this screen's query and the user state the
 * shell reads (avatar, date preferences). The user state's notification flags, which decide whether
 * desktop notifications show (spec §3 has both readings), follow the saved preference.
 */
export function profileSaved(profile: Profile) {
  queryClient.setQueryData(profileKeys.profile, profile);
  useUserStore.getState().setProfile(profile);
  useUserStore.setState({ notifications: { ...profile.notification } });
}
