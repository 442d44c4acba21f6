import type { Marker } from '@fieldwatch/core';
import { Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/Dialog.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  MARKER_COMMENTS_MAX,
  MARKER_NAME_MAX,
  type MarkerErrors,
  type MarkerForm,
  type MarkerValues,
  validateMarker,
} from './radarMath.ts';
import './markerDialog.css';
import { FormActions } from '@/ui/FormActions.tsx';

/** What the dialog edits: a new marker at a position, or an existing one. */
export type MarkerTarget = { kind: 'new'; position: number; pulseSpeed: number } | { kind: 'edit'; marker: Marker };

const formOf = (target: MarkerTarget): MarkerForm =>
  target.kind === 'new'
    ? {
        name: '',
        position: String(target.position),
        comments: '',
        pulseSpeed: String(target.pulseSpeed),
        locked: false,
      }
    : {
        name: target.marker.name,
        position: String(target.marker.position),
        comments: target.marker.comments,
        pulseSpeed: String(target.marker.pulseSpeed),
        locked: target.marker.locked,
      };

/**
 * The marker form (name, position in metres, comments, pulse speed, locked). A locked
 * marker's position and pulse speed are read-only until "Locked" is cleared; saving then unlocks
 * first and moves second (the server refuses to move a locked marker).
 */
export function MarkerDialog({
  target,
  onOpenChange,
  onSave,
  saving,
}: {
  target: MarkerTarget | null;
  onOpenChange: (open: boolean) => void;
  onSave: (values: MarkerValues) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<MarkerForm | null>(null);
  const [errors, setErrors] = useState<MarkerErrors>({});
  const commentsId = useId();
  const lockedId = useId();

  useEffect(() => {
    setForm(target ? formOf(target) : null);
    setErrors({});
  }, [target]);

  const current = form ?? (target ? formOf(target) : null);
  const wasLocked = target?.kind === 'edit' && target.marker.locked;
  const fixed = wasLocked && !!current?.locked;
  const set = (patch: Partial<MarkerForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const error = (key?: string) => (key ? t(`radar.markerErrors.${key}`) : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!current) return;
    const { values, errors: found } = validateMarker(current);
    setErrors(found);
    if (values) onSave(values);
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={target?.kind === 'edit' ? t('radar.markers.editTitle') : t('radar.markers.addTitle')}
    >
      {current && (
        <form className="radar-form" onSubmit={submit} noValidate>
          <TextField
            label={t('radar.markers.name')}
            value={current.name}
            maxLength={MARKER_NAME_MAX}
            required
            autoFocus
            error={error(errors.name)}
            onChange={(e) => set({ name: e.target.value })}
          />
          <div className="radar-form__row">
            <TextField
              label={t('radar.markers.position')}
              inputMode="decimal"
              value={current.position}
              disabled={fixed}
              adornment="m"
              error={error(errors.position)}
              help={fixed ? t('radar.markers.lockedFields') : undefined}
              onChange={(e) => set({ position: e.target.value })}
            />
            <TextField
              label={t('radar.markers.pulseSpeed')}
              inputMode="decimal"
              value={current.pulseSpeed}
              disabled={fixed}
              error={error(errors.pulseSpeed)}
              help={t('radar.markers.pulseSpeedHelp')}
              onChange={(e) => set({ pulseSpeed: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={commentsId}>
              {t('radar.markers.comments')}
            </label>
            <textarea
              id={commentsId}
              className="field__input radar-form__comments"
              rows={3}
              maxLength={MARKER_COMMENTS_MAX}
              value={current.comments}
              aria-invalid={errors.comments ? true : undefined}
              onChange={(e) => set({ comments: e.target.value })}
            />
            {errors.comments && (
              <span className="field__error" role="alert">
                {error(errors.comments)}
              </span>
            )}
          </div>
          <div className="radar-form__check">
            <input
              id={lockedId}
              type="checkbox"
              checked={current.locked}
              onChange={(e) => set({ locked: e.target.checked })}
            />
            <label htmlFor={lockedId}>
              <Lock size={14} aria-hidden /> {t('radar.markers.locked')}
            </label>
            <span className="field__help">{t('radar.markers.lockedHelp')}</span>
          </div>
          <FormActions
            onCancel={() => onOpenChange(false)}
            submit={target?.kind === 'edit' ? t('common.save') : t('radar.markers.add')}
            disabled={saving}
          />
        </form>
      )}
    </Dialog>
  );
}
