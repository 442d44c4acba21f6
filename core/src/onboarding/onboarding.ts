import { DAY_MS } from '../constants.ts';

/** The NFC onboarding rules: a 4-week trial and the terms version 2023_1. */
export const TRIAL_DAYS = 28;
export const TERMS_VERSION = '2023_1';
/** The terms of version 2023_1, as i18n keys of the terms screen with their figures. */
export const TERMS = [
  { key: 'contract', months: 12 },
  { key: 'notice', months: 3 },
  { key: 'changes', months: 3 },
  { key: 'payment', days: 30 },
  { key: 'interest', percent: 12 },
  { key: 'invoicing' },
] as const;

/** An activation code (issued with the tag view, spent by placing the unit) lasts this long. */
export const ACTIVATION_CODE_MINUTES = 30;
/** Registrations through tags per address and hour. */
export const REGISTRATIONS_PER_HOUR = 5;

/** The onboarding route a tag's URL opens. */
export const tagUrl = (origin: string, uuid: string) => `${origin}/nfc/${uuid}`;

/** Whole days left of a trial ending at `endsAt` (0 once it has ended), counting a started day. */
export function trialDaysLeft(endsAt: string | Date, now: Date = new Date()): number {
  const ms = new Date(endsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** What a tag allows: placing its unit, nothing (another organization owns it, or it is disabled), or opening it. */
export const TAG_STATES = ['available', 'yours', 'owned', 'disabled'] as const;
export type TagState = (typeof TAG_STATES)[number];
