import { FLOOR_PLAN_MAX_BYTES, FLOOR_PLAN_TYPES, type FloorPlan } from '@fieldwatch/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user.ts';
import { Button } from '@/ui/Button.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { Check, Choice, SettingsGroup } from '../common/SettingsKit.tsx';
import { BAND_LIMITS, type ClimateProps, climateProps, METRICS, type Metric, validBand } from './climate.ts';
import { floorPlanKeys, useClimateOrg, useFloorPlans } from './climateData.ts';
import { floorPlanApi } from './floorPlanApi.ts';
import './indoorClimate.css';
import './indoorClimateSettings.css';

/**
 * The indoor-climate settings: organization, floor plan, metric, comfort bands, value labels; and
 * the organization's plans themselves (upload, delete), which change at once, not on Save.
 */
export function IndoorClimateSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const settings = climateProps(props);
  const orgId = useClimateOrg(settings);
  const customers = useUserStore((s) => s.accessResponse?.Customers);
  const plans = useFloorPlans(orgId);
  const set = (patch: Partial<ClimateProps>) => onChange({ ...props, ...settings, orgId: orgId ?? null, ...patch });
  const orgs = useMemo(
    () => [...(customers ?? [])].sort((a, b) => a.CustomerName.localeCompare(b.CustomerName)),
    [customers],
  );
  const planId = settings.planId ?? plans.data?.[0]?.id ?? null;

  return (
    <div className="climate-settings">
      <div className="settings-row">
        <Select
          label={t('widgets.indoorClimate.settings.organization')}
          value={orgId == null ? '' : String(orgId)}
          onChange={(e) => set({ orgId: Number(e.target.value), planId: null })}
          options={orgs.map((c) => ({ value: String(c.CustomerID), label: c.CustomerName }))}
        />
        <Select
          label={t('widgets.indoorClimate.settings.plan')}
          value={planId === null ? '' : String(planId)}
          disabled={!plans.data?.length}
          onChange={(e) => set({ planId: e.target.value ? Number(e.target.value) : null })}
          options={
            plans.data?.length
              ? plans.data.map((p) => ({ value: String(p.id), label: p.name }))
              : [{ value: '', label: t(plans.isPending ? 'common.loading' : 'widgets.indoorClimate.noPlans') }]
          }
        />
      </div>

      <SettingsGroup legend={t('widgets.indoorClimate.settings.metric')}>
        <Choice
          options={METRICS.map((m) => ({ value: m, label: t(`widgets.indoorClimate.${m}`) }))}
          value={settings.metric}
          onChange={(metric) => set({ metric })}
        />
      </SettingsGroup>

      <SettingsGroup
        legend={t('widgets.indoorClimate.settings.comfort')}
        help={t('widgets.indoorClimate.settings.comfortHelp')}
      >
        {METRICS.map((m) => (
          <BandFields key={m} metric={m} settings={settings} onChange={(band) => set({ [m]: band })} />
        ))}
        <Check
          label={t('widgets.indoorClimate.settings.labels')}
          checked={settings.showLabels}
          onChange={(showLabels) => set({ showLabels })}
        />
      </SettingsGroup>

      {orgId != null && (
        <PlanManager
          orgId={orgId}
          plans={plans.data ?? []}
          onUploaded={(plan) => set({ planId: plan.id })}
          onDeleted={(id) => planId === id && set({ planId: null })}
        />
      )}
    </div>
  );
}

function BandFields({
  metric,
  settings,
  onChange,
}: {
  metric: Metric;
  settings: ClimateProps;
  onChange: (band: { min: number; max: number }) => void;
}) {
  const { t } = useTranslation();
  const band = settings[metric];
  const limits = BAND_LIMITS[metric];
  // Typed text stays as typed until it is a valid band; the stored band changes only then.
  const [text, setText] = useState({ min: String(band.min), max: String(band.max) });
  // A blank end reads as 0, a valid humidity minimum: blank text is never a band.
  const typed = (next: typeof text) =>
    next.min.trim() && next.max.trim() ? validBand({ min: Number(next.min), max: Number(next.max) }, metric) : null;
  const valid = typed(text) !== null;
  const change = (key: 'min' | 'max', value: string) => {
    const next = { ...text, [key]: value };
    setText(next);
    const typedBand = typed(next);
    if (typedBand) onChange(typedBand);
  };
  const unit = t(`widgets.indoorClimate.unit.${metric}`);
  const labels = {
    min: 'widgets.indoorClimate.settings.bandMin',
    max: 'widgets.indoorClimate.settings.bandMax',
  } as const;
  return (
    <div className="settings-row">
      {(['min', 'max'] as const).map((key) => (
        <TextField
          key={key}
          label={t(labels[key], { metric: t(`widgets.indoorClimate.${metric}`), unit })}
          type="number"
          inputMode="decimal"
          step={metric === 'temperature' ? 0.5 : 1}
          min={limits.min}
          max={limits.max}
          value={text[key]}
          onChange={(e) => change(key, e.target.value)}
          // The message stands once, under the first field.
          error={key === 'min' && !valid ? t('widgets.indoorClimate.settings.bandInvalid', { ...limits }) : null}
        />
      ))}
    </div>
  );
}

/** The organization's plans: upload (PUT multipart) and delete (with a confirmation). */
function PlanManager({
  orgId,
  plans,
  onUploaded,
  onDeleted,
}: {
  orgId: number;
  plans: FloorPlan[];
  onUploaded: (plan: FloorPlan) => void;
  onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: floorPlanKeys.plans(orgId) });

  // Not a form of its own: it sits inside the settings dialog's form, whose submit is Save.
  const upload = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!file) return;
    // The server's limit, checked here first to say so before uploading.
    if (file.size > FLOOR_PLAN_MAX_BYTES) {
      setError(t('widgets.indoorClimate.settings.tooLarge'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const plan = await floorPlanApi.upload(orgId, file, name);
      await refresh();
      onUploaded(plan);
      setFile(null);
      setName('');
      if (fileRef.current) fileRef.current.value = '';
    } catch (err) {
      setError(t('widgets.indoorClimate.settings.uploadFailed', { reason: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    setBusy(true);
    setError(null);
    try {
      await floorPlanApi.remove(orgId, [id]);
      setConfirming(null);
      onDeleted(id);
      await refresh();
      await queryClient.invalidateQueries({ queryKey: floorPlanKeys.data(orgId) });
    } catch (err) {
      setError(t('widgets.indoorClimate.settings.deleteFailed', { reason: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsGroup
      legend={t('widgets.indoorClimate.settings.plans')}
      help={t('widgets.indoorClimate.settings.plansHelp')}
    >
      {plans.length > 0 && (
        <ul className="climate-plans">
          {plans.map((p) => (
            <li key={p.id} className="climate-plans__item">
              <img className="climate-plans__thumb" src={p.url} alt="" loading="lazy" />
              <span className="climate-plans__name">
                {p.name}
                <span className="climate-plans__meta">
                  {t('widgets.indoorClimate.settings.planSize', { width: p.width, height: p.height })}
                </span>
              </span>
              {confirming === p.id ? (
                <span className="climate-plans__confirm">
                  <span>{t('widgets.indoorClimate.settings.confirmDelete', { name: p.name })}</span>
                  <Button
                    variant="primary"
                    className="climate-plans__delete"
                    disabled={busy}
                    onClick={() => void remove(p.id)}
                  >
                    {t('common.delete')}
                  </Button>
                  <Button disabled={busy} onClick={() => setConfirming(null)}>
                    {t('common.cancel')}
                  </Button>
                </span>
              ) : (
                <Button
                  variant="ghost"
                  icon={<Trash2 size={14} aria-hidden />}
                  aria-label={t('widgets.indoorClimate.settings.deletePlan', { name: p.name })}
                  onClick={() => setConfirming(p.id)}
                >
                  {t('common.delete')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="settings-row climate-upload">
        <TextField
          label={t('widgets.indoorClimate.settings.planName')}
          value={name}
          maxLength={120}
          placeholder={file?.name.replace(/\.[^.]+$/, '') ?? ''}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={`climate-file-${orgId}`}>
            {t('widgets.indoorClimate.settings.file')}
          </label>
          <input
            id={`climate-file-${orgId}`}
            ref={fileRef}
            className="climate-upload__file"
            type="file"
            accept={FLOOR_PLAN_TYPES.join(',')}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </div>
        <Button icon={<Upload size={14} aria-hidden />} disabled={!file || busy} onClick={() => void upload()}>
          {t('widgets.indoorClimate.settings.upload')}
        </Button>
      </div>
      {error && (
        <p className="climate-settings__error" role="alert">
          {error}
        </p>
      )}
    </SettingsGroup>
  );
}
