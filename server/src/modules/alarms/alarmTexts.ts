import { type AlarmFacts, alarmSentence, alarmTypeKey } from '@fieldwatch/core';
import { translate } from '../../i18n.ts';
import type { AlarmRow } from './alarms.repository.ts';

/** An alarm's sentence in a reader's language, from its facts. */
export const alarmText = (lang: string, facts: AlarmFacts) =>
  alarmSentence(facts, lang, (key, vars) => translate(lang, key, vars));

const factsOf = (a: AlarmRow): AlarmFacts => ({
  type: a.alarm_type,
  channel: a.channel,
  value: a.value,
  limit: a.limit_value,
  text: a.event_text,
});

/** A stored alarm's sentence in a reader's language. */
export const alarmRowText = (lang: string, a: AlarmRow) => alarmText(lang, factsOf(a));

/** The alarm type's name in a reader's language. */
export const alarmTypeName = (lang: string, type: number) => translate(lang, alarmTypeKey(type));

/**
 * A notification's message: the alarm type's name, then its sentence ("Battery alarm: Battery 3.1 V
 * below 3.3 V"); the name alone where the sentence would only repeat it ("Scheduled alarm").
 */
export function alarmMessage(lang: string, facts: AlarmFacts) {
  const name = alarmTypeName(lang, facts.type);
  const text = alarmText(lang, facts);
  return text === '' || text === name ? name : translate(lang, 'alarmText.message', { name, text });
}
