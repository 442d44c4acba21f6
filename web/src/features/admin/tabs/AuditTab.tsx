import {
  type AuditEntry,
  DEFAULT_AUDIT_RETENTION_DAYS,
  MAX_AUDIT_RETENTION_DAYS,
  MIN_AUDIT_RETENTION_DAYS,
} from '@fieldwatch/core';
import { CircleAlert, Download, KeyRound, ScrollText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Section } from '../AdminParts.tsx';
import { useAdminChange } from '../adminApi.ts';
import { type AuditFilter, auditApi, auditKey, useAuditTrail } from '../auditApi.ts';
import { AdminTable } from './AdminTable.tsx';
import { wholeNumberProblem } from './AlarmSeverityTab.tsx';
import type { TabProps } from './TabPanel.tsx';
import './audit.css';

const KINDS = ['', 'signIn', 'change'] as const;

/** A day of the date inputs (the reader's calendar day) as the API's instant. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) =>
  day ? new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined;

/**
 * Audit trail: every change made in the organization and those below it (who, from where, which
 * route and object, the fields asked for), newest first, filtered by person, object, kind and days,
 * exported as CSV; and how long the entries are kept.
 */
export function AuditTab({ org }: TabProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ person: '', object: '', kind: '' as (typeof KINDS)[number], from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const trail = useAuditTrail(org.id, filter);
  const entries = trail.data?.pages.flatMap((p) => p.entries) ?? [];
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({
      person: form.person.trim() || undefined,
      object: form.object.trim() || undefined,
      kind: form.kind || undefined,
      from: dayStart(form.from),
      to: dayEnd(form.to),
    });
  };
  return (
    <div className="admin-stack">
      <Section
        title={t('admin.audit.title')}
        description={t('admin.audit.text', { name: org.name })}
        actions={
          <a className="btn" href={auditApi.csvUrl(org.id, filter)} download>
            <Download size={14} aria-hidden />
            {t('admin.audit.export')}
          </a>
        }
      >
        <form className="audit-filter" onSubmit={apply}>
          <TextField
            label={t('admin.audit.person')}
            value={form.person}
            onChange={(e) => setForm({ ...form, person: e.target.value })}
          />
          <TextField
            label={t('admin.audit.object')}
            value={form.object}
            onChange={(e) => setForm({ ...form, object: e.target.value })}
          />
          <Select
            label={t('admin.audit.kind')}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as (typeof KINDS)[number] })}
            options={KINDS.map((k) => ({ value: k, label: t(`admin.audit.kinds.${k || 'all'}`) }))}
          />
          <TextField
            label={t('admin.audit.from')}
            type="date"
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
          />
          <TextField
            label={t('admin.audit.to')}
            type="date"
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
          />
          <Button type="submit">{t('admin.audit.apply')}</Button>
        </form>
        {trail.isPending ? (
          <Skeleton lines={6} />
        ) : trail.isError ? (
          <EmptyState icon={<CircleAlert size={22} />} title={t('admin.loadFailed')}>
            <Button onClick={() => void trail.refetch()}>{t('common.retry')}</Button>
          </EmptyState>
        ) : entries.length === 0 ? (
          <EmptyState icon={<ScrollText size={22} />} title={t('admin.audit.empty')}>
            <p>{t('admin.audit.emptyText')}</p>
          </EmptyState>
        ) : (
          <>
            <AdminTable
              className="admin-table audit-table"
              caption={t('admin.audit.title')}
              columns={['at', 'person', 'address', 'action', 'changes'].map((c) => t(`admin.audit.columns.${c}`))}
            >
              {entries.map((e) => (
                <AuditRow key={e.id} entry={e} />
              ))}
            </AdminTable>
            {trail.hasNextPage && (
              <Button onClick={() => void trail.fetchNextPage()} disabled={trail.isFetchingNextPage}>
                {t('admin.audit.more')}
              </Button>
            )}
          </>
        )}
      </Section>
      <RetentionForm
        id={org.id}
        days={trail.data?.pages[0]?.retentionDays ?? null}
        key={trail.data ? 'loaded' : 'loading'}
      />
    </div>
  );
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The request's fields, one "name: value" per line (as stored: facts, secrets masked); with what
 * they were before (unit settings, alarm limits), "name: before → after".
 */
function fieldsOf(changes: string, before: string | null): string[] {
  try {
    const fields = JSON.parse(changes) as Record<string, unknown>;
    const was = before ? (JSON.parse(before) as Record<string, unknown>) : undefined;
    return Object.entries(fields).map(([k, v]) =>
      was && k in was ? `${k}: ${shown(was[k])} → ${shown(v)}` : `${k}: ${shown(v)}`,
    );
  } catch {
    return [changes];
  }
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const [method, path] = e.action.split(' ');
  const failed = e.status >= 400;
  return (
    <tr data-audit-id={e.id}>
      <td data-label={t('admin.audit.columns.at')} className="audit-table__at">
        {when.dateTime(Date.parse(e.at))}
      </td>
      <th scope="row" className="admin-table__main">
        <bdi>{e.username ?? '–'}</bdi>
        {e.apiKey && (
          <span className="audit-table__key">
            <KeyRound size={12} aria-hidden />
            <bdi>{t('admin.audit.apiKey', { name: e.apiKey })}</bdi>
          </span>
        )}
      </th>
      <td data-label={t('admin.audit.columns.address')} dir="ltr">
        {e.address}
      </td>
      <td data-label={t('admin.audit.columns.action')}>
        {/* One block, so that a phone's stacked row keeps it together. */}
        <div className="audit-table__action" dir="ltr">
          <span className={`audit-table__method${failed ? ' audit-table__method--failed' : ''}`}>{method}</span>{' '}
          <span className="audit-table__path">{path}</span>
          {e.object && <span className="audit-table__object">{e.object}</span>}
          {failed && <span className="audit-table__status">{t('admin.audit.refused', { status: e.status })}</span>}
        </div>
      </td>
      <td data-label={t('admin.audit.columns.changes')}>
        <div className="audit-table__changes">
          {fieldsOf(e.changes, e.before).map((line) => (
            <bdi key={line} dir="auto">
              {line}
            </bdi>
          ))}
        </div>
      </td>
    </tr>
  );
}

/** Days the entries are kept (empty: the default). */
function RetentionForm({ id, days }: { id: number; days: number | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState(days === null ? '' : String(days));
  const [shown, setShown] = useState(false);
  const n = Number(text);
  const problem =
    wholeNumberProblem(text, MAX_AUDIT_RETENTION_DAYS, 'admin.audit.retentionInvalid') ??
    (text.trim() !== '' && n < MIN_AUDIT_RETENTION_DAYS ? 'admin.audit.retentionInvalid' : undefined);
  const save = useAdminChange((d: number | null) => auditApi.saveRetention(id, { days: d }), {
    refresh: [auditKey(id)],
    done: (result) => t('admin.audit.retentionSaved', { count: result.days ?? DEFAULT_AUDIT_RETENTION_DAYS }),
  });
  return (
    <Section title={t('admin.audit.retention')} description={t('admin.audit.retentionText')}>
      <form
        className="admin-join"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShown(true);
          if (!problem) save.mutate(text.trim() === '' ? null : n);
        }}
      >
        <TextField
          label={t('admin.audit.retentionLabel')}
          inputMode="numeric"
          value={text}
          placeholder={String(DEFAULT_AUDIT_RETENTION_DAYS)}
          error={
            shown && problem ? t(problem, { min: MIN_AUDIT_RETENTION_DAYS, max: MAX_AUDIT_RETENTION_DAYS }) : undefined
          }
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </Section>
  );
}
