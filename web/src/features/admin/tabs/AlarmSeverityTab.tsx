import {
  type AlarmSeverityList,
  type AlarmSeverityRow,
  alarmTypeKey,
  DEFAULT_ALARM_JOIN_HOURS,
  DEFAULT_FORECAST_WARNING_DAYS,
  MAX_ALARM_JOIN_HOURS,
  MAX_FORECAST_WARNING_DAYS,
  SEVERITIES,
  SEVERITY_TABLE,
  type Severity,
} from '@fieldwatch/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Select } from '@/ui/Select.tsx';
import { SeverityChip, SeverityLegend } from '@/ui/Severity.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Loaded, Section } from '../AdminParts.tsx';
import { useAdminChange } from '../adminApi.ts';
import { alarmSeverityApi, alarmSeverityRefresh, useAlarmSeverities } from '../alarmSeverityApi.ts';
import { AdminTable } from './AdminTable.tsx';
import type { TabProps } from './TabPanel.tsx';

/** The select's value for "no setting of its own": the type inherits. */
const INHERIT = '';

/**
 * Alarm severity: every alarm type with the severity its new events get in the
 * organization, set here or inherited (from above, or the default). A change applies to this
 * organization and those below it that set none of their own, for new events only.
 */
export function AlarmSeverityTab({ org }: TabProps) {
  const { t } = useTranslation();
  const list = useAlarmSeverities(org.id);
  return (
    <Section title={t('admin.severity.title')} description={t('admin.severity.text', { name: org.name })}>
      <SeverityLegend />
      <Loaded query={list} lines={10}>
        {(l) => (
          <>
            <EventSettingForm
              setting={{ name: 'join', fallback: DEFAULT_ALARM_JOIN_HOURS, max: MAX_ALARM_JOIN_HOURS }}
              value={l.joinHours}
              save={(hours) => alarmSeverityApi.saveJoinHours(org.id, { hours })}
            />
            <EventSettingForm
              setting={{ name: 'forecast', fallback: DEFAULT_FORECAST_WARNING_DAYS, max: MAX_FORECAST_WARNING_DAYS }}
              value={l.forecastDays}
              save={(days) => alarmSeverityApi.saveForecastDays(org.id, { days })}
            />
            <SeverityTable id={org.id} list={l} />
          </>
        )}
      </Loaded>
    </Section>
  );
}

/** A whole number from 1 to `max`, or empty for the default; the problem's message key otherwise. */
export function wholeNumberProblem(text: string, max: number, key: string): string | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? undefined : key;
}

/**
 * One of the organization's event settings, a whole number (empty for the default): the join window
 * (how long a fault raised again joins its earlier event instead of a new one) and the forecast
 * warning time (how far ahead a forecast crossing raises a warning).
 */
function EventSettingForm({
  setting,
  value,
  save: send,
}: {
  setting: { name: 'join' | 'forecast'; fallback: number; max: number };
  value: number | null;
  save: (value: number | null) => Promise<AlarmSeverityList>;
}) {
  const { t } = useTranslation();
  const { name, fallback, max } = setting;
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(false);
  const problem = wholeNumberProblem(text, max, `admin.severity.${name}Invalid`);
  const save = useAdminChange(send, {
    refresh: alarmSeverityRefresh,
    done: (result) =>
      t(`admin.severity.${name}Saved`, {
        count: (name === 'join' ? result.joinHours : result.forecastDays) ?? fallback,
      }),
  });
  const help = `admin-${name}-help`;
  return (
    <form
      className="admin-join"
      aria-describedby={help}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setShown(true);
        if (!problem) save.mutate(text.trim() === '' ? null : Number(text));
      }}
    >
      <TextField
        label={t(`admin.severity.${name}Label`)}
        inputMode="numeric"
        value={text}
        placeholder={String(fallback)}
        error={shown && problem ? t(problem, { max }) : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" disabled={save.isPending}>
        {t('common.save')}
      </Button>
      <p id={help} className="admin-join__help muted">
        {t(`admin.severity.${name}Help`, { count: fallback })}
      </p>
    </form>
  );
}

function SeverityTable({ id, list }: { id: number; list: AlarmSeverityList }) {
  const { t } = useTranslation();
  const save = useAdminChange(
    (change: { alarmType: number; severity: Severity | null }) => alarmSeverityApi.save(id, { severities: [change] }),
    {
      refresh: alarmSeverityRefresh,
      done: (result, change) => {
        const row = result.types.find((r) => r.alarmType === change.alarmType);
        const vars = {
          type: t(alarmTypeKey(change.alarmType)),
          level: t(SEVERITY_TABLE[row?.effective ?? 'notice'].label),
        };
        return t(change.severity ? 'admin.severity.saved' : 'admin.severity.cleared', vars);
      },
    },
  );
  // Alarm types by name in the reader's language.
  const rows = [...list.types].sort((a, b) => t(alarmTypeKey(a.alarmType)).localeCompare(t(alarmTypeKey(b.alarmType))));
  return (
    <AdminTable
      className="admin-table admin-severity"
      caption={t('admin.severity.title')}
      columns={['type', 'level', 'effective'].map((c) => t(`admin.severity.${c}`))}
    >
      {rows.map((r) => (
        <SeverityRow
          key={r.alarmType}
          row={r}
          busy={save.isPending}
          onChange={(severity) => save.mutate({ alarmType: r.alarmType, severity })}
        />
      ))}
    </AdminTable>
  );
}

function SeverityRow({
  row,
  busy,
  onChange,
}: {
  row: AlarmSeverityRow;
  busy: boolean;
  onChange: (severity: Severity | null) => void;
}) {
  const { t } = useTranslation();
  const type = t(alarmTypeKey(row.alarmType));
  const inheritedLevel = t(SEVERITY_TABLE[row.inherited].label);
  return (
    <tr data-alarm-type={row.alarmType}>
      <th scope="row" className="admin-table__main">
        {type}
      </th>
      <td data-label={t('admin.severity.level')}>
        <Select
          label={t('admin.severity.selectLabel', { type })}
          hideLabel
          value={row.own ?? INHERIT}
          disabled={busy}
          onChange={(e) => onChange(e.target.value === INHERIT ? null : (e.target.value as Severity))}
          options={[
            {
              value: INHERIT,
              label: t(
                row.inheritedFrom === 'ancestor' ? 'admin.severity.inheritedOption' : 'admin.severity.defaultOption',
                {
                  level: inheritedLevel,
                },
              ),
            },
            ...[...SEVERITIES].reverse().map((s) => ({ value: s, label: t(SEVERITY_TABLE[s].label) })),
          ]}
        />
      </td>
      <td data-label={t('severity.name')}>
        <span className="admin-severity__effective">
          <SeverityChip severity={row.effective} />
          <span className="muted">
            {row.own
              ? t('admin.severity.own')
              : t(row.inheritedFrom === 'ancestor' ? 'admin.severity.inherited' : 'admin.severity.default')}
          </span>
        </span>
      </td>
    </tr>
  );
}
