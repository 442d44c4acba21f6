import type { Language, PreferencesBody, Profile, ProfileUpdate, Session } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { query } from '@/lib/api.ts';
import { api } from '@/lib/http.ts';
import { queryClient, refetchForLanguage } from '@/lib/query.ts';
import { applyLanguage } from '@/stores/session.ts';
import { isSignedIn, useUserStore } from '@/stores/user.ts';

const P = '/api/v3/user/profile';
const S = '/api/v2/auth/session';

/** The profile and session calls that the profile screen makes. */
export const profileApi = {
  get: () => api.get<Profile>(P),
  /** A new e-mail address needs the current password (403 without it or with a wrong one, 429 when throttled). */
  update: (update: ProfileUpdate & { currentPassword?: string }) => api.put<Profile>(P, update),
  preferences: (body: PreferencesBody) => api.put<Profile>(`${P}/preferences`, body),
  language: (language: Language) => api.put<Profile>(`${P}/language${query({ language })}`),
  /** The image goes as raw bytes; the server reads its type from the content. */
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
 * desktop notifications show, follow the saved preference.
 */
export function profileSaved(profile: Profile) {
  queryClient.setQueryData(profileKeys.profile, profile);
  useUserStore.getState().setProfile(profile);
  useUserStore.setState({ notifications: { ...profile.notification } });
}

let choosing: Promise<unknown> = Promise.resolve();

/**
 * A language chosen in the top bar: the page switches at once; signed in, the profile saves it with
 * the call Profile → Preferences makes (so the next sign-in, on any device, starts in it) and the
 * server's texts are read again in it. On the sign-in page it stays this device's choice (the user
 * state keeps the language across sign-out). Choices save one after another, the last one wins.
 */
export function chooseLanguage(language: Language): Promise<void> {
  const run = async () => {
    await applyLanguage(language);
    if (!isSignedIn()) return;
    profileSaved(await profileApi.language(language));
    void refetchForLanguage();
  };
  const next = choosing.then(run, run);
  choosing = next.catch(() => {});
  return next;
}
