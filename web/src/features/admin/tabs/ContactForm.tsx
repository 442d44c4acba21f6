import type { ContactFields } from '@fieldwatch/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Loaded, Section, useProblemText } from '../AdminParts.tsx';
import { adminApi, adminKeys, type InfoKind, useAdminChange, useInfo } from '../adminApi.ts';
import { CONTACT_FIELDS, type ContactField, contactProblems } from '../adminForms.ts';

const INPUT: Partial<Record<ContactField, { type: string; autoComplete: string }>> = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  address: { type: 'text', autoComplete: 'street-address' },
  zip: { type: 'text', autoComplete: 'postal-code' },
  city: { type: 'text', autoComplete: 'address-level2' },
  country: { type: 'text', autoComplete: 'country-name' },
};

/** Contact or billing details (name, e-mail, address, zip, city, country, phone). */
export function ContactForm({ id, kind }: { id: number; kind: InfoKind }) {
  const { t } = useTranslation();
  const info = useInfo(id, kind);
  return (
    <Section title={t(`admin.general.${kind}`)} description={t(`admin.general.${kind}Text`)}>
      <Loaded query={info} lines={6}>
        {(fields) => <Fields id={id} kind={kind} stored={fields} />}
      </Loaded>
    </Section>
  );
}

function Fields({ id, kind, stored }: { id: number; kind: InfoKind; stored: ContactFields }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const [values, setValues] = useState<ContactFields>(stored);
  const [problems, setProblems] = useState<ReturnType<typeof contactProblems>>({});
  const save = useAdminChange((v: ContactFields) => adminApi.saveInfo(id, kind, v), {
    refresh: [adminKeys.info(id, kind)],
    done: () => t(`admin.general.${kind}Saved`),
  });
  const label = (f: ContactField) => t(`admin.contact.${f}`);
  const changed = CONTACT_FIELDS.some((f) => (values[f] ?? '') !== (stored[f] ?? ''));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = contactProblems(values, label('email'));
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__grid">
        {CONTACT_FIELDS.map((f) => (
          <div key={f} className={f === 'address' ? 'admin-form__wide' : undefined}>
            <TextField
              label={label(f)}
              value={values[f] ?? ''}
              maxLength={200}
              type={INPUT[f]?.type ?? 'text'}
              autoComplete={INPUT[f]?.autoComplete ?? 'organization'}
              error={text(problems[f])}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            />
          </div>
        ))}
      </div>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={save.isPending || !changed}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
