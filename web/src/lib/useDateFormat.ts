import {
  type DateFormatter,
  type DatePreferences,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIMEZONE,
  dateFormatter,
} from '@fieldwatch/core';
import { useMemo } from 'react';
import { useUserStore } from '@/stores/user.ts';

const DEFAULT_TIME_CONFIG: DatePreferences['timeConfig'] = {
  timeFormat: '24h',
  timezone: DEFAULT_TIMEZONE,
  dateFormat: DEFAULT_DATE_FORMAT,
};

/** The signed-in user's date preferences: language, timezone, 12/24 h clock and date format. */
function datePreferences(): DatePreferences {
  const s = useUserStore.getState();
  return { language: s.activeLanguage, timeConfig: s.profile?.timeConfig ?? DEFAULT_TIME_CONFIG };
}

/** The profile's formatters outside React (chart axes, file names); components use `useDateFormat`. */
export const currentDateFormat = (): DateFormatter => dateFormatter(datePreferences());

/**
 * Every date a screen shows goes through these (core `dateFormatter`): the profile's date order,
 * 12 or 24 hour clock and timezone, in the interface language. Components re-render when they change.
 */
export function useDateFormat(): DateFormatter {
  const language = useUserStore((s) => s.activeLanguage);
  const timeConfig = useUserStore((s) => s.profile?.timeConfig ?? DEFAULT_TIME_CONFIG);
  return useMemo(() => dateFormatter({ language, timeConfig }), [language, timeConfig]);
}
