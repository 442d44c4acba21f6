import { ACCOUNT_URL_REDIRECT_DAYS, type OrganizationSettings } from '@fieldwatch/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { CopyButton, Loaded, Section, useProblemText } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange, useSettings } from '../adminApi.ts';
import { accountUrlProblem, signInLink } from '../adminForms.ts';
import { ContactForm } from './ContactForm.tsx';
import type { TabProps } from './TabPanel.tsx';

/** General: the organization's name, its account URL (sign-in link), contact and billing details. */
export function GeneralTab({ org }: TabProps) {
  const { t } = useTranslation();
  const settings = useSettings(org.id);
  return (
    <div className="admin-grid">
      <NameForm id={org.id} name={org.name} />
      <Section title={t('admin.general.accountUrl')} description={t('admin.general.accountUrlText')}>
        <Loaded query={settings} lines={3}>
          {(s) => <AccountUrlForm id={org.id} settings={s} />}
        </Loaded>
      </Section>
      <ContactForm id={org.id} kind="contactInfo" />
      <ContactForm id={org.id} kind="billingInfo" />
    </div>
  );
}

function NameForm({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useAdminChange((v: string) => adminApi.rename(id, v), {
    refresh: [adminKeys.organizations],
    done: () => t('admin.general.renamed'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const label = t('admin.general.name');
    if (!value.trim()) return setError(t('validation.blank', { name: label }));
    setError(null);
    rename.mutate(value.trim());
  };
  return (
    <Section title={t('admin.general.organization')} description={t('admin.general.organizationText')}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={t('admin.general.name')}
          value={value}
          maxLength={100}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
        <div className="admin-form__actions">
          <Button type="submit" variant="primary" disabled={rename.isPending || value.trim() === name}>
            {t('admin.general.rename')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function AccountUrlForm({ id, settings }: { id: number; settings: OrganizationSettings }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const [value, setValue] = useState(settings.accountUrl ?? '');
  const [touched, setTouched] = useState(false);
  const saved = settings.accountUrl ?? '';
  const problem = accountUrlProblem(value);
  const save = useAdminChange(
    (accountUrl: string) => adminApi.saveSettings(id, { ...settings, accountUrl: accountUrl || null }),
    {
      refresh: [adminKeys.settings(id), adminKeys.organizations],
      done: () => t('admin.general.accountUrlSaved'),
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!problem) save.mutate(value);
  };
  const link = signInLink(window.location.origin, saved);
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <TextField
        label={t('admin.general.accountUrlLabel')}
        value={value}
        maxLength={40}
        spellCheck={false}
        autoCapitalize="off"
        error={touched ? text(problem) : null}
        help={t('admin.general.accountUrlHelp')}
        onChange={(e) => setValue(e.target.value.toLowerCase())}
        onBlur={() => setTouched(true)}
      />
      {saved && (
        <div className="admin-link">
          <span className="admin-link__label">{t('admin.general.signInLink')}</span>
          <code className="admin-link__value">{link}</code>
          <CopyButton text={link} label={t('admin.general.copyLink')} />
        </div>
      )}
      {saved && value !== saved && (
        <p className="admin-note" role="note">
          {value
            ? t('admin.general.redirectNote', { old: saved, days: ACCOUNT_URL_REDIRECT_DAYS })
            : t('admin.general.removeNote', { old: saved })}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={save.isPending || value === saved}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
