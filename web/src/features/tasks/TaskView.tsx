import { SEVERITY_TABLE, TASK_CATEGORIES, TASK_STATUSES, type TaskCategory, type TaskStatus } from '@fieldwatch/core';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { SeverityDot } from '@/ui/Severity.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { TaskActivityLog } from './TaskActivityLog.tsx';
import { TaskAssignees } from './TaskAssignees.tsx';
import { TaskFiles } from './TaskFiles.tsx';
import { LinkedEvents } from './TaskLinkedEvents.tsx';
import { useTask, useTaskChange, useTaskRemoval } from './tasksApi.ts';

/** One task: its fields, assignees, linked events with their units, notes and the whole activity log. */
export function TaskView({ id, canWork, onClose }: { id: string; canWork: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const task = useTask(id);
  const change = useTaskChange(id);
  const [deleting, setDeleting] = useState(false);
  const remove = useTaskRemoval(id, onClose);

  if (task.isPending)
    return (
      <aside className="card task-view">
        <Skeleton lines={8} />
      </aside>
    );
  if (task.isError) {
    return (
      <aside className="card task-view">
        <p>{t('tasks.notFound')}</p>
        <Button onClick={onClose}>{t('tasks.back')}</Button>
      </aside>
    );
  }
  const x = task.data;
  return (
    <aside className="card task-view" aria-labelledby="task-title">
      <div className="task-view__head">
        <IconButton label={t('tasks.back')} className="task-view__back" onClick={onClose}>
          <ArrowLeft size={18} aria-hidden />
        </IconButton>
        <h2 id="task-title" className="task-view__title">
          <SeverityDot severity={x.category} />
          <bdi>{x.title}</bdi>
        </h2>
        {canWork && (
          <IconButton label={t('tasks.delete')} onClick={() => setDeleting(true)}>
            <Trash2 size={16} aria-hidden />
          </IconButton>
        )}
      </div>

      <div className="task-view__fields">
        <Select
          label={t('tasks.status')}
          value={x.status}
          disabled={!canWork || change.isPending}
          onChange={(e) => change.mutate({ status: e.target.value as TaskStatus })}
          options={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }))}
          title={t(`tasks.statusHelp.${x.status}`)}
        />
        <Select
          label={t('severity.name')}
          value={x.category}
          disabled={!canWork || change.isPending}
          onChange={(e) => change.mutate({ category: e.target.value as TaskCategory })}
          options={TASK_CATEGORIES.map((c) => ({ value: c, label: t(SEVERITY_TABLE[c].label) }))}
          title={t(SEVERITY_TABLE[x.category].explain)}
        />
        {canWork && <TitleField key={x.title} title={x.title} onSave={(title) => change.mutate({ title })} />}
      </div>

      <dl className="facts task-view__facts">
        <dt>{t('tasks.type')}</dt>
        <dd>{t(`tasks.types.${x.type}`)}</dd>
        {x.location && (
          <>
            <dt>{t('tasks.location')}</dt>
            <dd>
              <bdi>{x.location}</bdi>
            </dd>
          </>
        )}
        {x.group && (
          <>
            <dt>{t('tasks.group')}</dt>
            <dd>
              <bdi>{x.group}</bdi>
            </dd>
          </>
        )}
        <dt>{t('tasks.created')}</dt>
        <dd>
          <Time at={x.created} />
        </dd>
      </dl>

      <TaskAssignees task={x} canWork={canWork} onChange={(body) => change.mutate(body)} />
      <LinkedEvents ids={x.eventIds} />
      <TaskFiles taskId={x.id} canWork={canWork} />
      {canWork && <NoteForm onAdd={(note) => change.mutate({ note })} busy={change.isPending} />}
      <TaskActivityLog activities={x.activities} />

      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('tasks.deleteTitle')}
        description={t('tasks.deleteText', { title: x.title })}
        actions={
          <>
            <Button onClick={() => setDeleting(false)}>{t('common.cancel')}</Button>
            <Button variant="primary" onClick={() => remove.mutate()}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
    </aside>
  );
}

function TitleField({ title, onSave }: { title: string; onSave: (title: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  const blank = value.trim() === '';
  return (
    <form
      className="task-view__titleform"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blank && value.trim() !== title) onSave(value.trim());
      }}
    >
      <TextField
        label={t('tasks.title')}
        value={value}
        maxLength={200}
        error={blank ? t('validation.blank', { name: t('tasks.title') }) : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      {value.trim() !== title && !blank && <Button type="submit">{t('common.save')}</Button>}
    </form>
  );
}

function NoteForm({ onAdd, busy }: { onAdd: (note: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <form
      className="task-view__note"
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return;
        onAdd(note.trim());
        setNote('');
      }}
    >
      <TextField label={t('tasks.note')} value={note} maxLength={5000} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" disabled={busy || !note.trim()}>
        {t('tasks.addNote')}
      </Button>
    </form>
  );
}
