import type { TaskUpdateBody } from '@fieldwatch/core';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import type { TaskWithOrg } from './tasksApi.ts';
import { useAssignees } from './tasksApi.ts';

/** Who works on the task: withdraw one, or assign another of the organization. */
export function TaskAssignees({
  task,
  canWork,
  onChange,
}: {
  task: TaskWithOrg;
  canWork: boolean;
  onChange: (body: TaskUpdateBody) => void;
}) {
  const { t } = useTranslation();
  const org = task.organizationId;
  const people = useAssignees(org, canWork);
  const free = (people.data ?? []).filter((p) => !task.assignees.includes(p.username));
  return (
    <section className="task-view__section" aria-labelledby="task-assignees">
      <h3 id="task-assignees">{t('tasks.assignees')}</h3>
      {task.assignees.length === 0 && <p className="muted">{t('tasks.nobody')}</p>}
      <ul className="task-people">
        {task.assignees.map((u) => (
          <li key={u} className="chip">
            {u}
            {canWork && (
              <button
                type="button"
                aria-label={t('tasks.withdraw', { user: u })}
                onClick={() => onChange({ withdraw: u })}
              >
                <X size={14} aria-hidden />
              </button>
            )}
          </li>
        ))}
      </ul>
      {canWork && free.length > 0 && (
        <Select
          label={t('tasks.assign')}
          value=""
          onChange={(e) => e.target.value && onChange({ assign: e.target.value })}
          options={[
            { value: '', label: t('tasks.choosePerson') },
            ...free.map((p) => ({ value: p.username, label: p.name ? `${p.name} (${p.username})` : p.username })),
          ]}
        />
      )}
    </section>
  );
}
