import {
  type AcknowledgementFacts,
  alarmTypeKey,
  SEVERITY_TABLE,
  TASK_CATEGORIES,
  TASK_STATUSES,
  type TaskActivity,
  type TaskCategory,
  type TaskStatus,
  type TaskUpdateBody,
} from '@fieldwatch/core';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Paperclip, Trash2, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { eventApi, eventKeys, taskApi } from '@/lib/eventsApi.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { Select } from '@/ui/Select.tsx';
import { SeverityChip, SeverityDot } from '@/ui/Severity.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import type { TaskWithOrg } from './TaskManagementPage.tsx';

/** Linked events shown in the view; a long alarm history stays readable. */
const EVENTS_SHOWN = 20;

/** One task: its fields, assignees, linked events with their units, notes and the whole activity log. */
export function TaskView({ id, canWork, onClose }: { id: string; canWork: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const task = useQuery({
    queryKey: [...eventKeys.tasks, 'one', id],
    queryFn: () => taskApi.get(id) as Promise<TaskWithOrg>,
  });
  const change = useMutation({
    mutationFn: (body: TaskUpdateBody) => taskApi.update(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData([...eventKeys.tasks, 'one', id], updated);
      void queryClient.invalidateQueries({ queryKey: eventKeys.tasks });
    },
    onError: (e: Error) => toast(errorText(e), 'danger'),
  });
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => taskApi.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.tasks });
      onClose();
    },
    onError: (e: Error) => toast(errorText(e), 'danger'),
  });

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

      <Assignees task={x} canWork={canWork} onChange={(body) => change.mutate(body)} />
      <LinkedEvents ids={x.eventIds} />
      <TaskFiles taskId={x.id} canWork={canWork} />
      {canWork && <NoteForm onAdd={(note) => change.mutate({ note })} busy={change.isPending} />}
      <ActivityLog activities={x.activities} />

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

function Assignees({
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
  const people = useQuery({
    queryKey: ['assignees', org],
    queryFn: () => taskApi.assignees(org ?? 0),
    enabled: canWork && org !== undefined,
    staleTime: 60_000,
  });
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

function LinkedEvents({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const shown = ids.slice(-EVENTS_SHOWN).reverse();
  const events = useQueries({
    queries: shown.map((id) => ({
      queryKey: [...eventKeys.events, id],
      queryFn: () => eventApi.get(id),
      staleTime: 60_000,
    })),
  });
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

function ActivityLog({ activities }: { activities: readonly TaskActivity[] }) {
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

/** The largest file the server takes (TASK_FILE_MAX_BYTES), checked here first to say so at once. */
const FILE_MAX_BYTES = 10 * 1024 * 1024;

function TaskFiles({ taskId, canWork }: { taskId: string; canWork: boolean }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const files = useQuery({ queryKey: [...eventKeys.tasks, 'files', taskId], queryFn: () => taskApi.files(taskId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...eventKeys.tasks, 'files', taskId] });
  const attach = useMutation({
    mutationFn: (file: File) => taskApi.attach(taskId, file),
    onSuccess: () => void refresh(),
    onError: (e: Error) => toast(errorText(e), 'danger'),
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => taskApi.removeFile(taskId, fileId),
    onSuccess: () => void refresh(),
    onError: (e: Error) => toast(errorText(e), 'danger'),
  });
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  return (
    <section className="task-view__section" aria-labelledby="task-files">
      <h3 id="task-files">{t('tasks.files')}</h3>
      {files.data?.length === 0 && <p className="muted">{t('tasks.noFiles')}</p>}
      <ul className="task-files">
        {(files.data ?? []).map((f) => (
          <li key={f.id}>
            <Paperclip size={14} aria-hidden />
            <a href={taskApi.fileUrl(taskId, f.id)} download={f.name}>
              {f.name}
            </a>
            <span className="muted">
              {size.format(Math.max(1, Math.round(f.size / 1024)))} · {f.uploadedBy} · <Time at={f.uploadedAt} />
            </span>
            {canWork && (
              <IconButton label={t('tasks.deleteFile', { name: f.name })} onClick={() => remove.mutate(f.id)}>
                <X size={14} aria-hidden />
              </IconButton>
            )}
          </li>
        ))}
      </ul>
      {canWork && (
        <div>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('tasks.attach')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (file.size > FILE_MAX_BYTES) toast(t('tasks.fileTooLarge', { name: file.name }), 'danger');
              else attach.mutate(file);
            }}
          />
          <Button
            icon={<Upload size={16} aria-hidden />}
            disabled={attach.isPending}
            onClick={() => input.current?.click()}
          >
            {t('tasks.attach')}
          </Button>
        </div>
      )}
    </section>
  );
}
