import { FolderTree } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '@/ui/StatusLabel.tsx';
import { useCustomerIds, useDevices, useSelectedUnits } from '../../data.ts';
import type { WidgetProps } from '../../widgetTypes.ts';
import { formatNumber } from '../common/format.ts';
import { Updated, widgetState } from '../common/WidgetState.tsx';
import { groupAlarmSettings, SEVERITY, sortGroups, summarizeGroups } from './groupMath.ts';
import { useDeviceGroups } from './groupsApi.ts';
import '../common/statusBar.css';
import './groupAlarm.css';

/**
 * Group alarm (unit groups): per unit group of the selected customers, its
 * name, number of units, the units counted by status in the status colours and the worst status as a
 * badge. Clicking a group selects its units for the link group (lists, maps and charts follow).
 */
export function GroupAlarmWidget({ dashboardId, widgetId, widget }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const customers = useCustomerIds();
  const devices = useDevices();
  const groups = useDeviceGroups();
  const settings = useMemo(() => groupAlarmSettings(widget.props), [widget.props]);
  const [selected, setSelected] = useSelectedUnits(dashboardId, widgetId);

  const rows = useMemo(() => {
    const inView = new Set(customers);
    const wanted = new Set(settings.groupIds);
    const list = (groups.data ?? []).filter(
      (g) => inView.has(g.organization) && (wanted.size === 0 || wanted.has(g.id)),
    );
    return sortGroups(summarizeGroups(list, devices.data ?? []), settings.sort, new Intl.Collator(lang));
  }, [groups.data, devices.data, customers, settings, lang]);

  const state = widgetState({
    customers,
    shape: 'list',
    queries: [devices, groups],
    failed: t('widgets.groupAlarm.failed'),
    empty: rows.length === 0 && {
      icon: <FolderTree size={20} />,
      title: t('widgets.groupAlarm.empty'),
      text: t(settings.groupIds.length > 0 ? 'widgets.groupAlarm.emptyChosenText' : 'widgets.groupAlarm.emptyText'),
    },
  });
  if (state) return state;

  const selectedKey = [...(selected ?? [])].sort((a, b) => a - b).join(',');
  return (
    <div className="galarm">
      <ul className="galarm__list">
        {rows.map((g) => {
          const total = g.unitIds.length;
          const key = [...g.unitIds].sort((a, b) => a - b).join(',');
          const active = total > 0 && key === selectedKey;
          const summary = SEVERITY.filter((s) => g.counts[s] > 0)
            .map((s) => `${t(`status.${s}`)} ${g.counts[s]}`)
            .join(', ');
          return (
            <li key={g.id}>
              <button
                type="button"
                className="galarm__row"
                aria-pressed={active}
                data-group-id={g.id}
                disabled={total === 0}
                title={t('widgets.groupAlarm.select', { name: g.name })}
                onClick={() => setSelected(active ? [] : g.unitIds)}
              >
                <span className={`galarm__badge galarm__badge--${g.worst ?? 'none'}`}>
                  {g.worst && <StatusDot status={g.worst} />}
                  {g.worst ? t(`status.${g.worst}`) : t('widgets.groupAlarm.noUnits')}
                </span>
                <span className="galarm__name">{g.name}</span>
                <span className="galarm__total">
                  {t('widgets.groupAlarm.units', { count: total, n: formatNumber(lang, total) })}
                </span>
                <span className="galarm__counts" role="img" aria-label={summary || t('widgets.groupAlarm.noUnits')}>
                  {SEVERITY.map((s) =>
                    g.counts[s] > 0 ? (
                      <span key={s} className="galarm__count" data-status={s}>
                        <StatusDot status={s} />
                        {formatNumber(lang, g.counts[s])}
                      </span>
                    ) : null,
                  )}
                </span>
                {total > 0 && (
                  <span className="galarm__bar" aria-hidden>
                    {SEVERITY.map((s) =>
                      g.counts[s] > 0 ? (
                        <span
                          key={s}
                          className={`status-bar__part status-bar__part--${s}`}
                          style={{ flexGrow: g.counts[s] }}
                        />
                      ) : null,
                    )}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <footer className="galarm__foot">
        <span>{t('widgets.groupAlarm.count', { count: rows.length })}</span>
        <Updated at={Math.max(devices.dataUpdatedAt, groups.dataUpdatedAt)} />
      </footer>
    </div>
  );
}
