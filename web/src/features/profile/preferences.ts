import { DEFAULT_TIMEZONE, type PreferencesBody, type Profile, TIMEZONES } from '@fieldwatch/core';

type Timezone = PreferencesBody['timezone'];

/** A stored timezone the list no longer offers (older data) is saved as the default. */
const knownTimezone = (label: string): Timezone =>
  TIMEZONES.find((t) => t.label === label)?.label ?? (DEFAULT_TIMEZONE as Timezone);

/**
 * The preferences call takes time and notification settings together: the profile's current ones
 * with the given change, so saving one switch never resets the others.
 */
export function preferencesBody(profile: Profile, change: Partial<PreferencesBody> = {}): PreferencesBody {
  return {
    timezone: knownTimezone(profile.timeConfig.timezone),
    timeFormat: profile.timeConfig.timeFormat,
    dateFormat: profile.timeConfig.dateFormat,
    notification: { ...profile.notification },
    ...change,
  };
}
