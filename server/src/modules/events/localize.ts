import {
  type AlarmRecord,
  alarmEventTitle,
  alarmFactsOf,
  type EventRecord,
  type NotificationRecord,
} from '@fieldwatch/core';
import { translate } from '../../i18n.ts';
import { alarmMessage, alarmText, alarmTypeName } from '../alarms/alarmTexts.ts';

/**
 * Records keep facts; these give their texts in the reader's language when they are answered: an
 * alarm event's title and AlarmEventText, a notification's message. Other events keep the title a
 * person typed.
 */
export function localizeEvent(e: EventRecord, lang: string): EventRecord {
  if (e.type !== 'alarm' || !e.alarm) return e;
  const facts = alarmFactsOf(e.alarm);
  return {
    ...e,
    title: alarmEventTitle({ alarm: translate(lang, 'status.alarm'), alarmType: alarmTypeName(lang, facts.type) }),
    alarm: { ...e.alarm, AlarmEventText: alarmText(lang, facts) },
  };
}

export function localizeNotification(
  n: NotificationRecord,
  alarm: AlarmRecord | null | undefined,
  lang: string,
): NotificationRecord {
  return alarm ? { ...n, message: alarmMessage(lang, alarmFactsOf(alarm)) } : n;
}
