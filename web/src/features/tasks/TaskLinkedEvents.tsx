import { alarmTypeKey } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { SeverityChip } from '@/ui/Severity.tsx';
import { Time } from '@/ui/Time.tsx';
import { useLinkedEvents } from './tasksApi.ts';

/** Linked events shown in the view; a long alarm history stays readable. */
const EVENTS_SHOWN = 20;

/** The events the task is about, newest first, with their units and acknowledgements. */
export function LinkedEvents({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const shown = ids.slice(-EVENTS_SHOWN).reverse();
  const events = useLinkedEvents(shown);
  return (
    <section className="task-view__section" aria-labelledby="task-events">
      <h3 id="task-events">{t('tasks.events', { count: ids.length })}</h3>
      {ids.length === 0 ? (
        <p className="muted">{t('tasks.noEvents')}</p>
      ) : (
        <ul className="task-events">
          {events.map((q, i) => {
            const e = q.data;
            return (
              <li key={shown[i]}>
                {e ? (
                  <>
                    <SeverityChip severity={e.category} />
                    <span className="task-events__what">
                      {e.alarm ? t(alarmTypeKey(e.alarm.AlarmType)) : <bdi>{e.title}</bdi>}
                      {e.alarm?.AlarmEventText && (
                        <span className="muted">
                          {' · '}
                          <bdi>{e.alarm.AlarmEventText}</bdi>
                        </span>
                      )}
                    </span>
                    <bdi className="muted">{e.unitName}</bdi>
                    <Time className="muted" at={e.created} />
                    {e.acknowledged && (
                      <span className="task-events__ack">
                        {t('notifications.acknowledgedBy', {
                          user: e.acknowledged.by,
                          time: when.dateTime(e.acknowledged.at),
                        })}
                        {e.acknowledged.comment && <q dir="auto">{e.acknowledged.comment}</q>}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="muted">{q.isError ? t('tasks.eventGone') : t('common.loading')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
