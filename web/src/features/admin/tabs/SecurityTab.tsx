import {
  type OrganizationSession,
  type OrganizationSettings,
  PASSWORD_POLICY,
  SESSION_LIFETIME_HOURS,
} from '@fieldwatch/core';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionDevice } from '@/lib/sessionDevice.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Loaded, Section, useProblemText } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange, useSessions, useSettings } from '../adminApi.ts';
import { type LifetimeUnit, lifetimeParts, securityProblems } from '../adminForms.ts';
import { AdminTable } from './AdminTable.tsx';
import type { TabProps } from './TabPanel.tsx';

/** Security: the organization's password and session policy, and its users' active sessions. */
export function SecurityTab({ org }: TabProps) {
  const { t } = useTranslation();
  const settings = useSettings(org.id);
  return (
    <div className="admin-stack">
      <Section title={t('admin.security.policy')} description={t('admin.security.policyText')}>
        <Loaded query={settings} lines={4}>
          {(s) => <PolicyForm id={org.id} settings={s} />}
        </Loaded>
      </Section>
      <Sessions id={org.id} />
    </div>
  );
}

function PolicyForm({ id, settings }: { id: number; settings: OrganizationSettings }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const initial = lifetimeParts(settings.sessionLifetimeHours);
  const [minLength, setMinLength] = useState(String(settings.passwordMinLength));
  const [amount, setAmount] = useState(String(initial.amount));
  const [unit, setUnit] = useState<LifetimeUnit>(initial.unit);
  const [requireTwoFactor, setRequireTwoFactor] = useState(settings.requireTwoFactor ?? false);
  const [shown, setShown] = useState<ReturnType<typeof securityProblems>['problems']>({});
  const save = useAdminChange((s: OrganizationSettings) => adminApi.saveSettings(id, s), {
    refresh: [adminKeys.settings(id)],
    done: () => t('admin.security.saved'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { problems, passwordMinLength, sessionLifetimeHours } = securityProblems(minLength, amount, unit);
    setShown(problems);
    if (Object.keys(problems).length === 0)
      save.mutate({ ...settings, passwordMinLength, sessionLifetimeHours, requireTwoFactor });
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-policy">
        <TextField
          label={t('admin.security.minLength')}
          type="number"
          inputMode="numeric"
          min={PASSWORD_POLICY.min}
          max={PASSWORD_POLICY.max}
          value={minLength}
          error={text(shown.minLength)}
          help={t('admin.security.minLengthHelp', { ...PASSWORD_POLICY })}
          onChange={(e) => setMinLength(e.target.value)}
        />
        <div className="admin-form__pair admin-form__pair--lifetime">
          <TextField
            label={t('admin.security.lifetime')}
            type="number"
            inputMode="numeric"
            min={1}
            value={amount}
            error={text(shown.lifetime)}
            help={t('admin.security.lifetimeHelp', { days: SESSION_LIFETIME_HOURS.max / 24 })}
            onChange={(e) => setAmount(e.target.value)}
          />
          <Select
            label={t('admin.security.unit')}
            value={unit}
            onChange={(e) => setUnit(e.target.value as LifetimeUnit)}
            options={[
              { value: 'hours', label: t('admin.security.hours') },
              { value: 'days', label: t('admin.security.days') },
            ]}
          />
        </div>
      </div>
      <fieldset className="admin-choice">
        <legend className="field__label">{t('twoFactor.admin.policy')}</legend>
        <label className="admin-check">
          <input
            type="checkbox"
            name="requireTwoFactor"
            checked={requireTwoFactor}
            onChange={(e) => setRequireTwoFactor(e.target.checked)}
          />
          <span>
            {t('twoFactor.admin.require')}
            <span className="admin-check__help">{t('twoFactor.admin.requireHelp')}</span>
          </span>
        </label>
      </fieldset>
      <p className="admin-section__text">{t('admin.security.applies')}</p>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

function Sessions({ id }: { id: number }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const sessions = useSessions(id);
  const [ending, setEnding] = useState<OrganizationSession | null>(null);
  const end = useAdminChange((s: OrganizationSession) => adminApi.endSession(id, s.id), {
    refresh: [adminKeys.sessions(id)],
    done: (_, s) => t('admin.sessions.ended', { name: s.name || s.username }),
  });
  const device = (ua: string) => {
    const d = sessionDevice(ua);
    if (d.browser && d.system) return t('admin.sessions.browserOn', { browser: d.browser, system: d.system });
    return d.browser ?? d.system ?? t('admin.sessions.unknownDevice');
  };
  return (
    <Section title={t('admin.sessions.title')} description={t('admin.sessions.text')}>
      <Loaded query={sessions} lines={5}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<MonitorSmartphone size={26} />} title={t('admin.sessions.none')} />
          ) : (
            <AdminTable
              caption={t('admin.sessions.title')}
              columns={['user', 'device', 'address', 'lastSeen', 'started'].map((c) => t(`admin.sessions.${c}`))}
              actions={t('admin.sessions.actions')}
            >
              {[...list]
                .sort((a, b) => b.lastSeen.localeCompare(a.lastSeen))
                .map((s) => (
                  <tr key={s.id}>
                    <td className="admin-table__main">
                      <bdi className="admin-person__name">{s.name || s.username}</bdi>{' '}
                      <bdi className="muted">{s.username}</bdi>
                    </td>
                    <td data-label={t('admin.sessions.device')} title={s.userAgent}>
                      {device(s.userAgent)}
                    </td>
                    <td data-label={t('admin.sessions.address')}>
                      <bdi dir="ltr">{s.address || '—'}</bdi>
                    </td>
                    <td data-label={t('admin.sessions.lastSeen')}>
                      <time dateTime={s.lastSeen}>{when.dateTime(s.lastSeen)}</time>
                    </td>
                    <td data-label={t('admin.sessions.started')}>
                      <time dateTime={s.created}>{when.dateTime(s.created)}</time>
                    </td>
                    <td className="admin-table__end">
                      {s.current ? (
                        <span className="admin-tag">{t('admin.sessions.current')}</span>
                      ) : (
                        <Button variant="ghost" icon={<LogOut size={16} aria-hidden />} onClick={() => setEnding(s)}>
                          {t('admin.sessions.end')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
            </AdminTable>
          )
        }
      </Loaded>
      <ConfirmDialog
        open={ending !== null}
        title={t('admin.sessions.endTitle', { name: ending?.name || ending?.username })}
        text={t('admin.sessions.endText')}
        confirmLabel={t('admin.sessions.end')}
        onClose={() => setEnding(null)}
        onConfirm={() => (ending ? end.mutateAsync(ending) : Promise.resolve())}
      />
    </Section>
  );
}
