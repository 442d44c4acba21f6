import { type AcknowledgementFacts, alarmTypeKey, SEVERITY_TABLE, type TaskActivity } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { Time } from '@/ui/Time.tsx';

/** Everything done to the task, newest first, in the reader's language. */
export function TaskActivityLog({ activities }: { activities: readonly TaskActivity[] }) {
  const { t } = useTranslation();
  /** The note of an acknowledgement, from its facts, in the reader's language. */
  const acknowledgement = (facts: AcknowledgementFacts, comment: string) => {
    const event = facts.alarmType === undefined ? facts.title : t(alarmTypeKey(facts.alarmType));
    return comment
      ? t('tasks.activity.acknowledgedComment', { event, comment })
      : t('tasks.activity.acknowledged', { event });
  };
  const describe = (a: TaskActivity): string => {
    switch (a.type) {
      case 'status':
        return t('tasks.activity.status', { status: t(`tasks.statuses.${a.status}`) });
      case 'note':
        if (!a.acknowledged) return a.note; // a person's note, or an old stored sentence: as written
        return acknowledgement(a.acknowledged, a.note);
      case 'assignees':
        return a.assignees.length
          ? t('tasks.activity.assignees', { list: a.assignees.join(', ') })
          : t('tasks.activity.nobody');
      case 'events':
        return t('tasks.activity.events', { count: a.eventIds.length });
      case 'title':
        return t('tasks.activity.title', { title: a.title });
      case 'category':
        return t('tasks.activity.category', { category: t(SEVERITY_TABLE[a.category].label) });
    }
  };
  return (
    <section className="task-view__section" aria-labelledby="task-log">
      <h3 id="task-log">{t('tasks.log')}</h3>
      <ol className="task-log">
        {/* The log only grows: an entry's place from the start is its stable identity. */}
        {activities
          .map((a, at) => ({ a, at }))
          .reverse()
          .map(({ a, at }) => (
            <li key={at} data-type={a.type}>
              <span className="task-log__what" dir="auto">
                {describe(a)}
              </span>
              <span className="muted">
                {a.user === 'system' ? t('tasks.system') : <bdi>{a.user}</bdi>} · <Time at={a.date} />
              </span>
            </li>
          ))}
      </ol>
    </section>
  );
}
