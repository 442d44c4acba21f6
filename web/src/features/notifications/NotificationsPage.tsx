import './notifications.css';
import {
  alarmSentenceOf,
  alarmTypeKey,
  type EventRecord,
  formatMeasure,
  isHandled,
  isRadarType,
  type NotificationRecord,
  SEVERITIES,
  SEVERITY_TABLE,
  type Severity,
  severityOfPriority,
  type TaskRecord,
} from '@fieldwatch/core';
import { Bell, BellRing, Check, CheckCheck, CheckCircle2, ChevronDown, Repeat, UserPlus } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useJoinRequests } from '@/lib/joinRequestsApi.ts';
import { useOriginState } from '@/lib/origin.ts';
import { toast } from '@/lib/toast.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { desktopPermission } from '@/lib/useEventUpdates.ts';
import { useCanWorkTasks, useUserStore } from '@/stores/user.ts';
import { Line } from '@/ui/Bidi.tsx';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Chip } from '@/ui/Chip.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import { SeverityChip, SeverityDot, SeverityLegend } from '@/ui/Severity.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { useAcknowledge, useEvents, useMarkSeen, useNotifications, useOpenTasks } from './notificationsApi.ts';

/** For administrators: people asking to join, decided under Administration → Users. */
function JoinRequestsNote() {
  const { t } = useTranslation();
  const count = useJoinRequests().data?.length ?? 0;
  if (count === 0) return null;
  return (
    <p className="card notif-join" role="status">
      <UserPlus size={18} aria-hidden />
      <span>{t('joinRequests.waiting', { count })}</span>
      <Link to="/admin?tab=users">{t('joinRequests.review')}</Link>
    </p>
  );
}

/**
 * The notification centre: the user's notifications newest first, unread marked, with
 * their event (unit, time, place, groups, acknowledgement) and task one click away.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notifications'));
  const notifications = useNotifications();
  const events = useEvents();
  const [severity, setSeverity] = useState<Severity | null>(null);
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
      (!severity || severityOf(n, byId.get(n.eventId)) === severity) &&
      (!unreadOnly || !n.seen) &&
      (!unit || String(byId.get(n.eventId)?.unitId) === unit),
  );
  const unread = (notifications.data ?? []).filter((n) => !n.seen).length;
  const seen = useMarkSeen();

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

      <JoinRequestsNote />
      <fieldset className="notif-filters chip-group" aria-label={t('notifications.filters')}>
        <Chip pressed={unreadOnly} onClick={() => setUnreadOnly(!unreadOnly)}>
          {t('notifications.unreadOnly')}
        </Chip>
        {[...SEVERITIES].reverse().map((s) => (
          <Chip
            key={s}
            pressed={severity === s}
            title={t(SEVERITY_TABLE[s].explain)}
            onClick={() => setSeverity(severity === s ? null : s)}
          >
            <SeverityDot severity={s} />
            {t(SEVERITY_TABLE[s].label)}
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
      <SeverityLegend />

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

/** A notification's severity: its event's category, else the severity its priority stands for (severity.ts). */
const severityOf = (n: NotificationRecord, event?: EventRecord): Severity =>
  event?.category ?? severityOfPriority(n.priority);

function NotificationRow({ n, event, onSeen }: { n: NotificationRecord; event?: EventRecord; onSeen: () => void }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const [open, setOpen] = useState(false);
  return (
    <li
      className={`notif${n.seen ? '' : ' notif--unread'}`}
      data-priority={n.priority}
      data-severity={severityOf(n, event)}
    >
      <div className="notif__row">
        <SeverityChip severity={severityOf(n, event)} className="prio" />
        <button type="button" className="notif__main" aria-expanded={open} onClick={() => setOpen(!open)}>
          {/* The message and the unit's name in their own direction: an English sentence in an Arabic page is cut at its end. */}
          <Line className="notif__message">{n.message}</Line>
          <span className="notif__meta">
            {event?.unitName && <bdi>{event.unitName}</bdi>}
            <Time at={n.created} />
            {n.occurrences && n.occurrences > 1 && n.since ? (
              <span className="notif__repeat">
                <Repeat size={14} aria-hidden />
                {t('notifications.occurrences', { count: n.occurrences, since: when.dateTime(n.since) })}
              </span>
            ) : null}
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
          <span className="notif__seen" title={t('notifications.seenAt', { time: when.dateTime(n.seen) })}>
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
  const { t, i18n } = useTranslation();
  const radarFrom = useOriginState();
  const when = useDateFormat();
  const canWork = useCanWorkTasks();
  const tasks = useOpenTasks();
  const task = (tasks.data ?? []).find((x: TaskRecord) => x.eventIds.includes(event.id));
  const [comment, setComment] = useState('');
  const ack = useAcknowledge(event.id, () => toast(t('notifications.acknowledged'), 'success'));
  const alarmType = event.alarm?.AlarmType;
  // The unit of what each occurrence measured ('' for a plain number, undefined for kinds without a value).
  const sentence = alarmType === undefined ? undefined : alarmSentenceOf(alarmType);
  const measureUnit = sentence?.measured ? (sentence.unit ?? '') : undefined;
  return (
    <div className="notif__detail">
      <dl className="facts">
        <dt>{t('notifications.event')}</dt>
        <dd>
          {alarmType === undefined ? <bdi>{event.title}</bdi> : `${t('status.alarm')} ${t(alarmTypeKey(alarmType))}`}
        </dd>
        <dt>{t('severity.name')}</dt>
        <dd>
          <SeverityChip severity={event.category} />
        </dd>
        <dt>{t('notifications.unit')}</dt>
        <dd>
          {event.unitId !== undefined && event.unitType !== undefined && isRadarType(event.unitType) ? (
            <Link to={`/radar/${event.unitId}`} state={radarFrom}>
              <bdi>{event.unitName}</bdi>
            </Link>
          ) : (
            <bdi>{event.unitName}</bdi>
          )}
        </dd>
        {event.position?.address && (
          <>
            <dt>{t('notifications.place')}</dt>
            <dd>
              <bdi>{event.position.address}</bdi>
            </dd>
          </>
        )}
        {event.groups?.length ? (
          <>
            <dt>{t('notifications.groups')}</dt>
            <dd>
              {event.groups.map((g, i) => (
                <Fragment key={g}>
                  {i > 0 && ', '}
                  <bdi>{g}</bdi>
                </Fragment>
              ))}
            </dd>
          </>
        ) : null}
        {event.occurrences?.length ? (
          <>
            <dt>{t('notifications.raised')}</dt>
            <dd>
              <ol className="notif__occurrences">
                {[{ at: event.created, value: event.alarm?.Value ?? null }, ...event.occurrences].map((o) => (
                  <li key={o.at}>
                    {when.dateTime(o.at)}
                    {o.value !== null && measureUnit !== undefined && (
                      <bdi dir="ltr"> · {formatMeasure(i18n.language, o.value, measureUnit)}</bdi>
                    )}
                  </li>
                ))}
              </ol>
            </dd>
          </>
        ) : null}
        {task && (
          <>
            <dt>{t('notifications.task')}</dt>
            <dd>
              <Link to={`/taskmanagement?task=${task.id}`}>
                <bdi>{task.title}</bdi>
              </Link>
            </dd>
          </>
        )}
      </dl>
      {event.acknowledged && (
        <p className="notif__ack">
          <BellRing size={14} aria-hidden />
          {t('notifications.acknowledgedBy', {
            user: event.acknowledged.by,
            time: when.dateTime(event.acknowledged.at),
          })}
          {event.acknowledged.comment && (
            <q className="notif__ackcomment" dir="auto">
              {event.acknowledged.comment}
            </q>
          )}
        </p>
      )}
      {/* Raised again after it was acknowledged: it needs handling again. */}
      {!isHandled(event) && canWork && (
        <form
          className="notif__ackform"
          onSubmit={(e) => {
            e.preventDefault();
            ack.mutate(comment);
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
