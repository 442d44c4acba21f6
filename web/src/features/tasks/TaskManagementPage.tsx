import './tasks.css';
import { SEVERITY_TABLE, TASK_CATEGORIES, TASK_STATUSES, type TaskCategory, type TaskStatus } from '@fieldwatch/core';
import { ClipboardList, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCanWorkTasks, useUserStore } from '@/stores/user.ts';
import { Line } from '@/ui/Bidi.tsx';
import { Button } from '@/ui/Button.tsx';
import { Chip } from '@/ui/Chip.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Page } from '@/ui/Page.tsx';
import { Select } from '@/ui/Select.tsx';
import { SeverityChip, SeverityDot, SeverityLegend } from '@/ui/Severity.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { NewTaskDialog } from './NewTaskDialog.tsx';
import { TaskView } from './TaskView.tsx';
import { useBulkStatus, useTasks } from './tasksApi.ts';

type Tab = 'mine' | 'archive';

/**
 * Task management: the open tasks and the archive, a task's view beside the list (on
 * phones in its place), custom tasks, bulk status changes, search and filters.
 */
export function TaskManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('mine');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<TaskCategory | null>(null);
  const [assignedToMe, setAssignedToMe] = useState(false);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const me = useUserStore((s) => s.accessResponse?.Username ?? '');
  const canWork = useCanWorkTasks();
  const tasks = useTasks(tab === 'archive');
  const selectedId = params.get('task');
  const list = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (tasks.data ?? []).filter(
      (x) =>
        (!category || x.category === category) &&
        (!assignedToMe || x.assignees.includes(me)) &&
        (!q || [x.title, x.location, x.group, ...x.assignees].some((s) => s?.toLowerCase().includes(q))),
    );
  }, [tasks.data, search, category, assignedToMe, me]);
  const select = (id: string | null) => setParams(id ? { task: id } : {}, { replace: true });
  const bulk = useBulkStatus(checked, () => setChecked(new Set()));

  return (
    <Page
      title={t('pages.taskmanagement')}
      className={`tasks-page${selectedId ? ' tasks-page--viewing' : ''}`}
      actions={
        canWork && (
          <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('tasks.new')}
          </Button>
        )
      }
    >
      <div className="tabs" role="tablist" aria-label={t('pages.taskmanagement')}>
        {(['mine', 'archive'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className="tabs__tab"
            onClick={() => {
              setTab(k);
              setChecked(new Set());
            }}
          >
            {t(`tasks.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div className="tasks-toolbar">
        <TextField
          label={t('tasks.search')}
          type="search"
          value={search}
          placeholder={t('tasks.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <fieldset className="tasks-toolbar__chips chip-group" aria-label={t('severity.name')}>
          <Chip pressed={assignedToMe} onClick={() => setAssignedToMe(!assignedToMe)}>
            {t('tasks.assignedToMe')}
          </Chip>
          {TASK_CATEGORIES.map((c) => (
            <Chip
              key={c}
              pressed={category === c}
              title={t(SEVERITY_TABLE[c].explain)}
              onClick={() => setCategory(category === c ? null : c)}
            >
              <SeverityDot severity={c} />
              {t(SEVERITY_TABLE[c].label)}
            </Chip>
          ))}
        </fieldset>
        {checked.size > 0 && canWork && (
          <div className="tasks-bulk">
            <span>{t('tasks.selected', { count: checked.size })}</span>
            <Select
              label={t('tasks.setStatus')}
              hideLabel
              value=""
              disabled={bulk.isPending}
              onChange={(e) => e.target.value && bulk.mutate(e.target.value as TaskStatus)}
              options={[
                { value: '', label: t('tasks.setStatus') },
                ...TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) })),
              ]}
            />
          </div>
        )}
      </div>

      <SeverityLegend />

      <div className="tasks-layout">
        <div className="card tasks-list">
          {tasks.isPending ? (
            <Skeleton lines={6} />
          ) : tasks.isError ? (
            <EmptyState icon={<ClipboardList size={26} />} title={t('tasks.failed')}>
              <Button onClick={() => void tasks.refetch()}>{t('common.retry')}</Button>
            </EmptyState>
          ) : list.length === 0 ? (
            <EmptyState icon={<ClipboardList size={26} />} title={t(`tasks.empty.${tab}`)}>
              <p>{t(tasks.data.length ? 'tasks.emptyFiltered' : `tasks.emptyText.${tab}`)}</p>
            </EmptyState>
          ) : (
            <ul aria-label={t(`tasks.tabs.${tab}`)}>
              {list.map((x) => (
                <li key={x.id} className={`task-row${x.id === selectedId ? ' task-row--current' : ''}`}>
                  {canWork && (
                    <input
                      type="checkbox"
                      aria-label={t('tasks.check', { title: x.title })}
                      checked={checked.has(x.id)}
                      onChange={(e) => {
                        const next = new Set(checked);
                        if (e.target.checked) next.add(x.id);
                        else next.delete(x.id);
                        setChecked(next);
                      }}
                    />
                  )}
                  <button type="button" className="task-row__main" onClick={() => select(x.id)}>
                    <span className="task-row__title">
                      <SeverityDot severity={x.category} />
                      <Line>{x.title}</Line>
                    </span>
                    <span className="task-row__meta">
                      <span
                        className={`task-status task-status--${x.status}`}
                        title={t(`tasks.statusHelp.${x.status}`)}
                      >
                        {t(`tasks.statuses.${x.status}`)}
                      </span>
                      <SeverityChip severity={x.category} />
                      <span>{t('tasks.eventCount', { count: x.eventIds.length })}</span>
                      {x.assignees.length > 0 && <bdi>{x.assignees.join(', ')}</bdi>}
                      <Time at={x.created} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {selectedId && <TaskView id={selectedId} canWork={canWork} onClose={() => select(null)} />}
      </div>
      <NewTaskDialog open={creating} onOpenChange={setCreating} onCreated={(id) => select(id)} />
    </Page>
  );
}
