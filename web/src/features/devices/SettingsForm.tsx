import './settingsForm.css';
import { type EditableField, type FieldProblem, type UnitSettings, unitTypeName } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { Save, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { refreshUnitLists, unitKeys } from '@/lib/units.ts';
import { Button } from '@/ui/Button.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { devicesApi } from './devicesApi.ts';
import { fieldHelp, formText, isFlag, settingsPatch, unitText } from './fieldForm.ts';
import { useRunOperation } from './useOperations.ts';

type Problem = FieldProblem | { rule: 'blank' };

/**
 * The editable fields of one device management tab: checked in the browser by core's field rules
 * (the spec's texts in the user's language), saved with the v2 settings call (changed fields only),
 * and, with "Save and send", sent to the unit with the send-settings operation.
 */
export function SettingsForm({
  unitId,
  fields,
  settings,
  canEdit,
  canSend,
  picked,
  children,
}: {
  unitId: number;
  fields: readonly EditableField[];
  settings: UnitSettings;
  canEdit: boolean;
  canSend: boolean;
  /** Values chosen elsewhere (a map pick) that replace what the form shows. */
  picked?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, formText(settings[f.name])]));
  const [texts, setTexts] = useState<Record<string, string>>(initial);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  // A save elsewhere (or a refetch) brings new stored values: start from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored settings change
  useEffect(() => setTexts(initial()), [settings]);
  useEffect(() => {
    if (picked) setTexts((s) => ({ ...s, ...picked }));
  }, [picked]);
  const send = useRunOperation(unitId);
  const save = useMutation({
    mutationFn: (patch: Record<string, unknown>) => devicesApi.saveSettings(unitId, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(unitKeys.settings(unitId), saved);
      void queryClient.invalidateQueries({ queryKey: unitKeys.details(unitId) });
      refreshUnitLists();
    },
  });

  const problemText = (f: EditableField, p: Problem) => {
    const name = t(`devices.fields.${f.name}`);
    return p.rule === 'blank' ? t('validation.blank', { name }) : t(`devices.validation.${p.rule}`, { name, ...p });
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const sending = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'send';
    const { patch, problems: found } = settingsPatch(fields, texts, settings);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (Object.keys(patch).length > 0) await save.mutateAsync(patch);
    } catch (err) {
      toast(t('devices.saveFailed', { message: errorText(err) }), 'danger');
      return;
    }
    // Sending toasts its own failure (the configuration did not reach the unit); the save stands.
    if (sending) await send('send_settings').catch(() => undefined);
    else toast(Object.keys(patch).length > 0 ? t('devices.saved') : t('devices.noChanges'), 'success');
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <div className="settings-form__grid">
        {fields.map((f) => {
          const error = problems[f.name] ? problemText(f, problems[f.name] as Problem) : null;
          const set = (v: string) => setTexts((s) => ({ ...s, [f.name]: v }));
          if (f.readOnly) return <ReadOnlyField key={f.name} field={f} value={settings[f.name] ?? null} />;
          if (isFlag(f))
            return (
              <label key={f.name} className="switch-field">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={texts[f.name] === '1'}
                  checked={texts[f.name] === '1'}
                  disabled={!canEdit}
                  onChange={(e) => set(e.target.checked ? '1' : '0')}
                />
                <span>{t(`devices.fields.${f.name}`)}</span>
              </label>
            );
          return (
            <TextField
              key={f.name}
              label={t(`devices.fields.${f.name}`)}
              name={f.name}
              value={texts[f.name] ?? ''}
              onChange={(e) => set(e.target.value)}
              disabled={!canEdit}
              error={error}
              inputMode={f.kind === 'string' ? undefined : f.kind === 'int' ? 'numeric' : 'decimal'}
              type={f.name === 'WlanPassword' ? 'password' : 'text'}
              autoComplete="off"
              maxLength={f.kind === 'string' ? f.maxLength : undefined}
              adornment={unitText(f, t)}
              help={fieldHelp(f, t)}
            />
          );
        })}
      </div>
      {children}
      {canEdit && (
        <div className="settings-form__actions">
          <Button type="submit" value="save" icon={<Save size={16} aria-hidden />} disabled={save.isPending}>
            {t('common.save')}
          </Button>
          {canSend && (
            <Button
              type="submit"
              value="send"
              variant="primary"
              icon={<Send size={16} aria-hidden />}
              disabled={save.isPending}
            >
              {t('devices.saveAndSend')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

/** A field the unit sets: its label, value (a type code with its type's name) and who sets it. */
function ReadOnlyField({ field, value }: { field: EditableField; value: number | string | null }) {
  const { t } = useTranslation();
  const shown =
    value === null
      ? t('devices.unknown')
      : field.name === 'UnitType'
        ? `${unitTypeName(Number(value))} (${value})`
        : value;
  return (
    <fieldset className="field settings-form__fixed">
      <legend className="field__label">{t(`devices.fields.${field.name}`)}</legend>
      <bdi className="settings-form__static">{shown}</bdi>
      <span className="field__help">{fieldHelp(field, t)}</span>
    </fieldset>
  );
}
