import {
  alarmTypeKey,
  type FilterSettings,
  SELECTABLE_ALARM_TYPES,
  UNIT_STATUSES,
  unitTypeName,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setDashboardFilter } from '@/stores/dashboards.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { IconButton } from '@/ui/Button.tsx';
import { Chip } from '@/ui/Chip.tsx';
import { Select } from '@/ui/Select.tsx';
import { StatusDot } from '@/ui/StatusLabel.tsx';
import { useCustomerIds, useDashboardFilter } from './data.ts';
import { statusCountsQuery, typeCodesQuery } from './queries.ts';

/**
 * The dashboard's filter, shared by its lists and maps: status, unit type and alarm
 * type are saved with the dashboard; the text search is transient.
 */
export function FilterBar({ id }: { id: string }) {
  const { t } = useTranslation();
  const filter = useDashboardFilter(id);
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const enabled = customers.length > 0;
  // Each status chip counts what picking it would show with the filter's other parts, counted on
  // the server (the status KPI's query), so the bar needs no unit's row.
  const counts = useQuery({
    ...statusCountsQuery(customers, filter, refreshKey),
    enabled,
    placeholderData: (previous) => previous,
  }).data;
  const types =
    useQuery({
      ...typeCodesQuery(customers, refreshKey),
      enabled,
      placeholderData: (previous) => previous,
    }).data ?? [];
  const textSearch = useDeviceStore((s) => s.textSearch);
  const save = (patch: Partial<FilterSettings>) => {
    const { textSearch: _transient, ...rest } = { ...filter, ...patch };
    void setDashboardFilter(id, { ...rest, textSearch: '' });
  };
  const selectedType = filter.unitTypes[0]?.UnitTypes ?? '';
  const selectedAlarm = filter.alarmTypes[0] === undefined ? '' : String(filter.alarmTypes[0]);

  return (
    <search className="filter-bar">
      <div className="filter-bar__search">
        <Search size={16} aria-hidden className="filter-bar__search-icon" />
        <input
          type="search"
          className="field__input"
          placeholder={t('filter.search')}
          aria-label={t('filter.search')}
          value={textSearch}
          maxLength={200}
          onChange={(e) => useDeviceStore.setState({ textSearch: e.target.value })}
        />
        {textSearch && (
          <IconButton label={t('filter.clearSearch')} onClick={() => useDeviceStore.setState({ textSearch: '' })}>
            <X size={14} aria-hidden />
          </IconButton>
        )}
      </div>
      <fieldset className="filter-bar__statuses">
        <legend className="visually-hidden">{t('filter.status')}</legend>
        {UNIT_STATUSES.map((s) => (
          <Chip
            key={s}
            pressed={filter.unitStatus[s]}
            onClick={() => save({ unitStatus: { ...filter.unitStatus, [s]: !filter.unitStatus[s] } })}
          >
            <StatusDot status={s} />
            {t(`status.${s}`)}
            {counts && <span className="chip__count">{counts[s]}</span>}
          </Chip>
        ))}
      </fieldset>
      <Select
        label={t('filter.unitType')}
        hideLabel
        className="filter-bar__select"
        value={selectedType}
        onChange={(e) => save({ unitTypes: e.target.value ? [{ UnitTypes: e.target.value }] : [] })}
        options={[
          { value: '', label: t('filter.allTypes') },
          ...types.map((c) => ({ value: String(c), label: unitTypeName(c) })),
        ]}
      />
      <Select
        label={t('filter.alarmType')}
        hideLabel
        className="filter-bar__select"
        value={selectedAlarm}
        onChange={(e) => save({ alarmTypes: e.target.value ? [Number(e.target.value)] : [] })}
        options={[
          { value: '', label: t('filter.allAlarmTypes') },
          ...SELECTABLE_ALARM_TYPES.map((a) => ({ value: String(a), label: t(alarmTypeKey(a)) })),
        ]}
      />
    </search>
  );
}
