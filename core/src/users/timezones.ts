/**
 * The timezones a profile may choose (default 'GMT +01:00 Stockholm'): the stored label and
 * the IANA zone that formats times. Offsets in the labels are the standard (winter) offsets.
 */
export const TIMEZONES = [
  { label: 'GMT -08:00 Los Angeles', zone: 'America/Los_Angeles' },
  { label: 'GMT -05:00 New York', zone: 'America/New_York' },
  { label: 'GMT -03:00 São Paulo', zone: 'America/Sao_Paulo' },
  { label: 'GMT +00:00 UTC', zone: 'UTC' },
  { label: 'GMT +00:00 London', zone: 'Europe/London' },
  { label: 'GMT +01:00 Stockholm', zone: 'Europe/Stockholm' },
  { label: 'GMT +01:00 Copenhagen', zone: 'Europe/Copenhagen' },
  { label: 'GMT +01:00 Oslo', zone: 'Europe/Oslo' },
  { label: 'GMT +01:00 Berlin', zone: 'Europe/Berlin' },
  { label: 'GMT +01:00 Paris', zone: 'Europe/Paris' },
  { label: 'GMT +02:00 Helsinki', zone: 'Europe/Helsinki' },
  { label: 'GMT +03:00 Riyadh', zone: 'Asia/Riyadh' },
  { label: 'GMT +04:00 Dubai', zone: 'Asia/Dubai' },
  { label: 'GMT +05:30 Kolkata', zone: 'Asia/Kolkata' },
  { label: 'GMT +08:00 Shanghai', zone: 'Asia/Shanghai' },
  { label: 'GMT +09:00 Seoul', zone: 'Asia/Seoul' },
  { label: 'GMT +10:00 Sydney', zone: 'Australia/Sydney' },
] as const;

/** The IANA zone of a stored label; an unknown label (older data) formats in Stockholm time. */
export function zoneOf(label: string): string {
  return TIMEZONES.find((t) => t.label === label)?.zone ?? 'Europe/Stockholm';
}
