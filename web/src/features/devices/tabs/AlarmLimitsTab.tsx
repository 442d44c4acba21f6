import '../settingsForm.css';
import './alarmLimits.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';
import { ScrollRegion } from '@/ui/ScrollRegion.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { LIMIT_ROWS, type LimitProblem, type LimitTexts, limitsFromTexts, limitTexts } from '../alarmLimitsForm.ts';
import { deviceQueries } from '../deviceQueries.ts';
import { devicesApi } from '../devicesApi.ts';

/**
 * Alarm limit levels (device alarm tab): one column for the unit and one per channel; an empty
 * channel cell takes the unit's limit. Saved with the alarm limits call; the spec's success and
 * error toasts say how it went.
 */
export function AlarmLimitsTab({
  unitId,
  channels,
  canEdit,
}: {
  unitId: number;
  channels: number[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const query = deviceQueries.alarmLimits(unitId);
  const limits = useQuery(query);
  const [texts, setTexts] = useState<LimitTexts>({});
  const [problems, setProblems] = useState<LimitProblem[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored limits change
  useEffect(() => {
    if (limits.data) setTexts(limitTexts(limits.data, channels));
  }, [limits.data]);
  const save = useMutation({
    mutationFn: (next: Parameters<typeof devicesApi.saveAlarmLimits>[1]) => devicesApi.saveAlarmLimits(unitId, next),
    onSuccess: (saved) => {
      queryClient.setQueryData(query.queryKey, saved);
      toast(t('devices.limits.saved'), 'success');
    },
    onError: (e: Error) => toast(t('devices.limits.failed', { message: errorText(e) }), 'danger'),
  });
  if (limits.isPending) return <Skeleton lines={6} />;
  if (limits.isError) return <p className="field__error">{t('devices.loadFailed')}</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = limitsFromTexts(texts, channels);
    setProblems(read.problems);
    if (read.problems.length === 0) save.mutate(read.limits);
  };
  const problemAt = (row: string, column: string) => problems.find((p) => p.row === row && p.column === column);
  const columns = ['unit', ...channels.map(String)];
  const label = (r: (typeof LIMIT_ROWS)[number]) =>
    `${t(`devices.limits.${r.limit}`, { level: (r.level ?? 0) + 1 })} (${r.unit})`;

  return (
    <form onSubmit={submit} noValidate className="limits">
      <p className="muted">{t('devices.limits.intro')}</p>
      <ScrollRegion className="limits__scroll" label={t('devices.tabs.deviceAlarm')}>
        <table className="data-table limits__table">
          <thead>
            <tr>
              <th scope="col">{t('devices.limits.limit')}</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c === 'unit' ? t('devices.limits.unit') : t('devices.channel', { n: Number(c) })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LIMIT_ROWS.map((r) => (
              <tr key={r.key}>
                <th scope="row">{label(r)}</th>
                {columns.map((c) => {
                  if (c !== 'unit' && !r.perChannel) return <td key={c} className="muted" />;
                  const problem = problemAt(r.key, c);
                  const cellLabel = `${label(r)}, ${c === 'unit' ? t('devices.limits.unit') : t('devices.channel', { n: Number(c) })}`;
                  return (
                    <td key={c}>
                      <input
                        className="field__input limits__input"
                        inputMode="decimal"
                        aria-label={cellLabel}
                        aria-invalid={problem ? true : undefined}
                        title={problem ? t(`devices.limits.problem.${problem.rule}`) : undefined}
                        placeholder={c === 'unit' ? '' : texts[r.key]?.unit || '–'}
                        value={texts[r.key]?.[c] ?? ''}
                        disabled={!canEdit}
                        onChange={(e) => setTexts((s) => ({ ...s, [r.key]: { ...s[r.key], [c]: e.target.value } }))}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {problems.length > 0 && (
        <p className="field__error" role="alert">
          {t(`devices.limits.problem.${problems[0]?.rule ?? 'number'}`)}
        </p>
      )}
      {canEdit && (
        <div className="settings-form__actions">
          <Button type="submit" variant="primary" icon={<Save size={16} aria-hidden />} disabled={save.isPending}>
            {t('devices.limits.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
