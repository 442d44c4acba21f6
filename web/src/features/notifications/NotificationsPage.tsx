import './notifications.css';
import {
  alarmTypeKey,
  type EventRecord,
  isRadarType,
  NOTIFICATION_PRIORITIES,
  type NotificationPriority,
  type NotificationRecord,
  type TaskRecord,
} from '@fieldwatch/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Bell, BellRing, Check, CheckCheck, CheckCircle2, ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/i18n.ts';
import { eventApi, eventKeys, notificationApi, taskApi } from '../../lib/eventsApi.ts';
import { queryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { useDateFormat } from '../../lib/useDateFormat.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { desktopPermission } from '../../lib/useEventUpdates.ts';
import { useCanWorkTasks, useUserStore } from '../../stores/user.ts';
import { Button, IconButton } from '../../ui/Button.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Select.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';

/**
 * The notification centre (issue 6): the user's notifications newest first, unread marked, with
 * their event (unit, time, place, groups, acknowledgement) and task one click away.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notifications'));
  const notifications = useQuery({ queryKey: eventKeys.notifications, queryFn: () => notificationApi.list() });
  const events = useQuery({ queryKey: eventKeys.events, queryFn: () => eventApi.list() });
  const [priority, setPriority] = useState<NotificationPriority | null>(null);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [unit, setUnit] = useState('');
  const byId = useMemo(() => new Map((events.data ?? []).map((e) => [e.id, e])), [events.data]);
  const units = useMemo(() => {
    const names = new Map<number, string>();
    for (const e of events.data ?? []) if (e.unitId !== undefined) names.set(e.unitId, e.unitName ?? String(e.unitId));
    return [...names].sort((a, b) => a[1].localeCompare(b[1]));
  }, [events.data]);
  const list = (notifications.data ?? []).filter(
    (n) =>
      (!priority || n.priority === priority) &&
      (!unreadOnly || !n.seen) &&
      (!unit || String(byId.get(n.eventId)?.unitId) === unit),
  );
  const unread = (notifications.data ?? []).filter((n) => !n.seen).length;
  const seen = useMutation({
    mutationFn: (ids?: string[]) => notificationApi.markSeen(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.notifications }),
    onError: (e: Error) => toast(e.message, 'danger'),
  });

  return (
    <section aria-labelledby="page-title" className="notif-page">
      <div className="page__head">
        <div>
          <h1 id="page-title" className="page__title">
            {t('pages.notifications')}
          </h1>
          <p className="page__sub">{t('notifications.unread', { count: unread })}</p>
        </div>
        <div className="page__actions">
          <DesktopSwitch />
          <Button
            icon={<CheckCheck size={16} aria-hidden />}
            disabled={unread === 0}
            onClick={() => seen.mutate(undefined)}
          >
            {t('notifications.markAllSeen')}
          </Button>
        </div>
      </div>

      <fieldset className="notif-filters chip-group" aria-label={t('notifications.filters')}>
        <Chip pressed={unreadOnly} onClick={() => setUnreadOnly(!unreadOnly)}>
          {t('notifications.unreadOnly')}
        </Chip>
        {[...NOTIFICATION_PRIORITIES].reverse().map((p) => (
          <Chip key={p} pressed={priority === p} onClick={() => setPriority(priority === p ? null : p)}>
            <span className={`prio-dot prio-dot--${p}`} aria-hidden />
            {t(`notifications.priority.${p}`)}
          </Chip>
        ))}
        <Select
          label={t('notifications.unit')}
          hideLabel
          value={unit}
          onChange={(e) => setUnit(e.target.value)}
          options={[
            { value: '', label: t('notifications.allUnits') },
            ...units.map(([id, name]) => ({ value: String(id), label: name })),
          ]}
        />
      </fieldset>

      <div className="card notif-list">
        {notifications.isPending ? (
          <Skeleton lines={6} />
        ) : notifications.isError ? (
          <EmptyState icon={<Bell size={26} />} title={t('notifications.failed')}>
            <Button onClick={() => void notifications.refetch()}>{t('common.retry')}</Button>
          </EmptyState>
        ) : list.length === 0 ? (
          <EmptyState icon={<Bell size={26} />} title={t('notifications.empty')}>
            <p>{t(notifications.data.length ? 'notifications.emptyFiltered' : 'notifications.emptyText')}</p>
          </EmptyState>
        ) : (
          <ul aria-label={t('pages.notifications')}>
            {list.map((n) => (
              <NotificationRow key={n.id} n={n} event={byId.get(n.eventId)} onSeen={() => seen.mutate([n.id])} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function NotificationRow({ n, event, onSeen }: { n: NotificationRecord; event?: EventRecord; onSeen: () => void }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const [open, setOpen] = useState(false);
  return (
    <li className={`notif${n.seen ? '' : ' notif--unread'}`} data-priority={n.priority}>
      <div className="notif__row">
        <span className={`prio prio--${n.priority}`}>
          <span className={`prio-dot prio-dot--${n.priority}`} aria-hidden />
          {t(`notifications.priority.${n.priority}`)}
        </span>
        <button type="button" className="notif__main" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="notif__message">{n.message}</span>
          <span className="notif__meta">
            {event?.unitName && <span>{event.unitName}</span>}
            <time dateTime={n.created}>{formatDateTime(n.created)}</time>
            {event?.acknowledged && (
              <span className="notif__acked">
                <CheckCircle2 size={14} aria-hidden />
                {t('notifications.acknowledgedBy', {
                  user: event.acknowledged.by,
                  time: when.dateTime(event.acknowledged.at),
                })}
              </span>
            )}
          </span>
          <ChevronDown size={16} aria-hidden className="notif__chevron" />
        </button>
        {n.seen ? (
          <span className="notif__seen" title={t('notifications.seenAt', { time: formatDateTime(n.seen) })}>
            <Check size={16} aria-label={t('notifications.seen')} />
          </span>
        ) : (
          <IconButton label={t('notifications.markSeen')} onClick={onSeen}>
            <Check size={16} aria-hidden />
          </IconButton>
        )}
      </div>
      {open && (event ? <EventDetails event={event} /> : <p className="notif__detail">{t('notifications.noEvent')}</p>)}
    </li>
  );
}

function EventDetails({ event }: { event: EventRecord }) {
  const { t } = useTranslation();
  const canWork = useCanWorkTasks();
  const tasks = useQuery({ queryKey: [...eventKeys.tasks, 'open'], queryFn: () => taskApi.list(false) });
  const task = (tasks.data ?? []).find((x: TaskRecord) => x.eventIds.includes(event.id));
  const [comment, setComment] = useState('');
  const ack = useMutation({
    mutationFn: () => eventApi.acknowledge(event.id, comment),
    onSuccess: () => {
      toast(t('notifications.acknowledged'), 'success');
      // Acknowledged means handled: the server marked this user's notification of it seen.
      void queryClient.invalidateQueries({ queryKey: eventKeys.events });
      void queryClient.invalidateQueries({ queryKey: eventKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: eventKeys.notifications });
    },
    onError: (e: Error) => toast(e.message, 'danger'),
  });
  const alarmType = event.alarm?.AlarmType;
  return (
    <div className="notif__detail">
      <dl className="facts">
        <dt>{t('notifications.event')}</dt>
        <dd>{alarmType === undefined ? event.title : `${t('status.alarm')} ${t(alarmTypeKey(alarmType))}`}</dd>
        <dt>{t('notifications.category')}</dt>
        <dd>{t(`notifications.categories.${event.category}`)}</dd>
        <dt>{t('notifications.unit')}</dt>
        <dd>
          {event.unitId !== undefined && event.unitType !== undefined && isRadarType(event.unitType) ? (
            <Link to={`/radar/${event.unitId}`}>{event.unitName}</Link>
          ) : (
            event.unitName
          )}
        </dd>
        {event.position?.address && (
          <>
            <dt>{t('notifications.place')}</dt>
            <dd>{event.position.address}</dd>
          </>
        )}
        {event.groups?.length ? (
          <>
            <dt>{t('notifications.groups')}</dt>
            <dd>{event.groups.join(', ')}</dd>
          </>
        ) : null}
        {task && (
          <>
            <dt>{t('notifications.task')}</dt>
            <dd>
              <Link to={`/taskmanagement?task=${task.id}`}>{task.title}</Link>
            </dd>
          </>
        )}
      </dl>
      {event.acknowledged ? (
        <p className="notif__ack">
          <BellRing size={14} aria-hidden />
          {t('notifications.acknowledgedBy', {
            user: event.acknowledged.by,
            time: formatDateTime(event.acknowledged.at),
          })}
          {event.acknowledged.comment && <q className="notif__ackcomment">{event.acknowledged.comment}</q>}
        </p>
      ) : (
        canWork && (
          <form
            className="notif__ackform"
            onSubmit={(e) => {
              e.preventDefault();
              ack.mutate();
            }}
          >
            <TextField
              label={t('notifications.comment')}
              value={comment}
              maxLength={2000}
              onChange={(e) => setComment(e.target.value)}
            />
            <Button type="submit" variant="primary" disabled={ack.isPending}>
              {t('notifications.acknowledge')}
            </Button>
          </form>
        )
      )}
    </div>
  );
}

/** Desktop notifications: the user's preference (user state) and the browser's permission. */
function DesktopSwitch() {
  const { t } = useTranslation();
  const desktop = useUserStore((s) => s.notifications.desktop);
  const [permission, setPermission] = useState(desktopPermission());
  if (permission === 'unsupported') return null;
  if (desktop && permission === 'default') {
    return (
      <Button
        icon={<BellRing size={16} aria-hidden />}
        onClick={() => void Notification.requestPermission().then(setPermission)}
      >
        {t('notifications.enableDesktop')}
      </Button>
    );
  }
  return (
    <span className="notif-desktop" title={t('notifications.desktopHelp')}>
      {t(desktop && permission === 'granted' ? 'notifications.desktopOn' : 'notifications.desktopOff')}
    </span>
  );
}
