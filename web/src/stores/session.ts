import type { Access, Language, Profile } from '@fieldwatch/core';
import { changeLanguage } from '@/i18n/i18n.ts';
import { authApi } from '@/lib/api.ts';
import { queryClient } from '@/lib/query.ts';
import { clearDashboards } from './dashboards.ts';
import { clearDevices } from './devices.ts';
import { useUserStore } from './user.ts';

/** Clears the client state (user, dashboards, devices, cached server state). */
export function clearAllState() {
  useUserStore.getState().clear();
  clearDashboards();
  clearDevices();
  queryClient.clear();
}

/**
 * Sign-in: clear all state, sign in, store access and profile, apply the profile language. An
 * account with two-factor sign-in is not signed in yet: the answer is the challenge for
 * `signInWithCode`.
 */
export async function signIn(username: string, password: string): Promise<{ challenge: string } | undefined> {
  clearAllState();
  const answer = await authApi.login(username, password);
  if ('challenge' in answer) return { challenge: answer.challenge };
  await storeSignIn(answer.access, answer.profile);
  return undefined;
}

/** The second step of a sign-in with two-factor: a code for the challenge `signIn` gave. */
export async function signInWithCode(challenge: string, code: string) {
  const { access, profile } = await authApi.loginTwoFactor(challenge, code);
  await storeSignIn(access, profile);
}

/**
 * Stores a sign-in the server already made (its cookie is set): the login answer, or the answer of
 * a call that signs in itself, such as the onboarding's account creation. Call clearAllState first.
 */
export async function storeSignIn(access: Access, profile: Profile) {
  useUserStore.getState().signedIn(access, profile);
  await applyLanguage(profile.language);
}

/** Logout: clear state, then tell the server, which expires the cookie. */
export async function signOut() {
  clearAllState();
  await authApi.logout().catch(() => {});
}

export async function applyLanguage(lang: Language | string) {
  useUserStore.getState().setActiveLanguage(await changeLanguage(lang));
}
