import './tableView.css';
import { type DeviceDetails, INPUT_KINDS, type InputKind, SERIES, seriesByColumn } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Plus, Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnName, seriesName } from '@/i18n/seriesName.ts';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { unitKeys } from '@/lib/units.ts';
import { Line, Value } from '@/ui/Bidi.tsx';
import { Button } from '@/ui/Button.tsx';
import { ScrollRegion } from '@/ui/ScrollRegion.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { deviceQueries } from '../deviceQueries.ts';
import { devicesApi } from '../devicesApi.ts';

/**
 * Table view: the unit's latest values, the columns shown for each channel (GetChannel, EditChannel;
 * channel indexes are 0-based here and 1-based on the wire) and its inputs by kind and index.
 */
export function TableViewTab({
  unit,
  channels,
  canEdit,
}: {
  unit: DeviceDetails;
  channels: number[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Each value under its series' name in the interface language (the column is the API's field name).
  const latest = Object.entries(unit.latestData)
    .map(([column, v]) => ({ column, name: columnName(t, column), ...v }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  return (
    <div className="table-view">
      <section aria-labelledby="latest-title">
        <h3 id="latest-title" className="tab-section__title">
          {t('devices.latestValues')}
        </h3>
        {latest.length === 0 ? (
          <p className="muted">{t('devices.noValues')}</p>
        ) : (
          <ScrollRegion className="limits__scroll" labelledBy="latest-title">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('devices.column')}</th>
                  <th scope="col" className="num">
                    {t('devices.value')}
                  </th>
                  <th scope="col">{t('devices.time')}</th>
                </tr>
              </thead>
              <tbody>
                {latest.map((v) => (
                  <tr key={v.column}>
                    <td>
                      <Line>{v.name}</Line>
                    </td>
                    <td className="num">
                      <Value value={v.value} unit={seriesByColumn(v.column)?.unit} />
                    </td>
                    <td>
                      <Time at={v.time} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      {channels.length > 0 && (
        <section aria-labelledby="channels-title">
          <h3 id="channels-title" className="tab-section__title">
            {t('devices.channels')}
          </h3>
          {channels.map((wire) => (
            <ChannelColumns key={wire} unit={unit} index={wire - 1} canEdit={canEdit} />
          ))}
        </section>
      )}
      <Inputs unit={unit} canEdit={canEdit} />
    </div>
  );
}

function ChannelColumns({ unit, index, canEdit }: { unit: DeviceDetails; index: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = deviceQueries.channel(unit.id, unit.organization, index);
  const channel = useQuery(query);
  const [shown, setShown] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (channel.data) setShown(new Set(channel.data.Columns.split(',').filter(Boolean)));
  }, [channel.data]);
  const options = SERIES.filter((s) => s.channel === index + 1);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await devicesApi.editChannel(unit.id, unit.organization, index, [...shown].join(','));
      queryClient.setQueryData(query.queryKey, saved);
      toast(t('devices.channelSaved', { n: index + 1 }), 'success');
    } catch (err) {
      toast(t('devices.saveFailed', { message: errorText(err) }), 'danger');
    }
  };
  return (
    <form className="channel-row" onSubmit={save}>
      <fieldset className="chip-group" disabled={!canEdit}>
        <legend className="channel-row__name">{t('devices.channel', { n: index + 1 })}</legend>
        {options.map((s) => (
          <label key={s.column} className="check-chip">
            <input
              type="checkbox"
              checked={shown.has(s.column)}
              onChange={(e) => {
                const next = new Set(shown);
                if (e.target.checked) next.add(s.column);
                else next.delete(s.column);
                setShown(next);
              }}
            />
            {seriesName(t, s)}
          </label>
        ))}
      </fieldset>
      {canEdit && (
        <Button type="submit" variant="ghost" icon={<Save size={14} aria-hidden />}>
          {t('common.save')}
        </Button>
      )}
    </form>
  );
}

/** Inputs by kind and index, each with a name and a unit of measure. */
function Inputs({ unit, canEdit }: { unit: DeviceDetails; canEdit: boolean }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<InputKind>('analog');
  const [index, setIndex] = useState('0');
  const [name, setName] = useState('');
  const [measure, setMeasure] = useState('');
  const [error, setError] = useState<string | null>(null);
  const edit = (k: InputKind, i: number, data: Record<string, unknown>) => {
    setKind(k);
    setIndex(String(i));
    setName(String(data.name ?? ''));
    setMeasure(String(data.unit ?? ''));
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const i = Number(index);
    if (!Number.isInteger(i) || i < 0 || i > 63) {
      setError(t('devices.validation.range', { name: t('devices.inputIndex'), min: 0, max: 63 }));
      return;
    }
    setError(null);
    try {
      await devicesApi.setInput(unit.id, kind, i, { name: name.trim(), unit: measure.trim() });
      void queryClient.invalidateQueries({ queryKey: unitKeys.details(unit.id) });
      toast(t('devices.inputSaved'), 'success');
    } catch (err) {
      toast(t('devices.saveFailed', { message: errorText(err) }), 'danger');
    }
  };
  return (
    <section aria-labelledby="inputs-title">
      <h3 id="inputs-title" className="tab-section__title">
        {t('devices.inputs')}
      </h3>
      {unit.inputs.length === 0 ? (
        <p className="muted">{t('devices.noInputs')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('devices.inputKind')}</th>
              <th scope="col">{t('devices.inputIndex')}</th>
              <th scope="col">{t('devices.inputName')}</th>
              <th scope="col">{t('devices.inputUnit')}</th>
              {canEdit && <th scope="col" />}
            </tr>
          </thead>
          <tbody>
            {unit.inputs.map((i) => (
              <tr key={`${i.kind}-${i.index}`}>
                <td>{t(`devices.inputKinds.${i.kind}`)}</td>
                <td>{i.index}</td>
                <td>
                  <Line>{String(i.data.name ?? '')}</Line>
                </td>
                <td>
                  <bdi>{String(i.data.unit ?? '')}</bdi>
                </td>
                {canEdit && (
                  <td>
                    <Button variant="ghost" onClick={() => edit(i.kind, i.index, i.data)}>
                      {t('devices.edit')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <form className="input-form" onSubmit={save} noValidate>
          <Select
            label={t('devices.inputKind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as InputKind)}
            options={INPUT_KINDS.map((k) => ({ value: k, label: t(`devices.inputKinds.${k}`) }))}
          />
          <TextField
            label={t('devices.inputIndex')}
            inputMode="numeric"
            value={index}
            error={error}
            onChange={(e) => setIndex(e.target.value)}
          />
          <TextField
            label={t('devices.inputName')}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label={t('devices.inputUnit')}
            value={measure}
            maxLength={20}
            onChange={(e) => setMeasure(e.target.value)}
          />
          <Button type="submit" icon={<Plus size={16} aria-hidden />}>
            {t('devices.saveInput')}
          </Button>
        </form>
      )}
    </section>
  );
}
