import {
  type DatePreferences,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIMEZONE,
  formatDate,
  formatDateTime,
  formatTime,
} from '@fieldwatch/core';
import { useMemo } from 'react';
import { useUserStore } from '../stores/user.ts';

const DEFAULT_TIME_CONFIG: DatePreferences['timeConfig'] = {
  timeFormat: '24h',
  timezone: DEFAULT_TIMEZONE,
  dateFormat: DEFAULT_DATE_FORMAT,
};

/** The signed-in user's date preferences: language, timezone, 12/24 h clock and date format (spec §3). */
export function datePreferences(): DatePreferences {
  const s = useUserStore.getState();
  return { language: s.activeLanguage, timeConfig: s.profile?.timeConfig ?? DEFAULT_TIME_CONFIG };
}

type When = Date | string | number;

/** Formatters that follow the profile's preferences; every date a screen shows goes through them. */
export function useDateFormat() {
  const language = useUserStore((s) => s.activeLanguage);
  const timeConfig = useUserStore((s) => s.profile?.timeConfig ?? DEFAULT_TIME_CONFIG);
  return useMemo(() => {
    const p: DatePreferences = { language, timeConfig };
    return {
      date: (d: When) => formatDate(d, p),
      time: (d: When, opts?: { seconds?: boolean }) => formatTime(d, p, opts),
      dateTime: (d: When, opts?: { seconds?: boolean }) => formatDateTime(d, p, opts),
    };
  }, [language, timeConfig]);
}
