import { addWidget, canShowParking, DashboardError, ONE_MAP_ONLY, type WidgetType } from '@fieldwatch/core';
import { Plus, Sparkles, Store } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { editDashboard, useDashboardStore } from '../../../../stores/dashboards.ts';
import { useUserStore } from '../../../../stores/user.ts';
import { Button } from '../../../../ui/Button.tsx';
import { WidgetEmpty } from '../../widgets/kpi/WidgetStates.tsx';
import { WIDGET_UI, type WidgetProps } from '../../widgetTypes.ts';
import { storeEntries } from './storeMath.ts';
import './store.css';

/**
 * Widget store (spec §2, "announced for 2023"): a catalogue of the widget types not yet on this
 * dashboard, each with its icon, name and description and an Add button (a second map is refused
 * with the spec's message), and how many more widget types are announced.
 */
export function WidgetStoreWidget({ dashboardId }: WidgetProps) {
  const { t } = useTranslation();
  const dashboard = useDashboardStore((s) => s.dashboards[dashboardId]);
  const parking = useUserStore((s) => s.permissions !== null && canShowParking(s.selectedCustomers, s.permissions));
  const { entries, announced } = useMemo(
    () =>
      dashboard
        ? storeEntries(dashboard, (type) => WIDGET_UI[type].Component !== undefined, parking)
        : { entries: [], announced: 0 },
    [dashboard, parking],
  );

  const add = (type: WidgetType) => {
    const name = t(`widgetTypes.${type}.name`);
    try {
      editDashboard(dashboardId, (d) => addWidget(d, type).dashboard);
      toast(t('widgets.widgetStore.added', { name }), 'success');
    } catch (e) {
      toast(e instanceof DashboardError && e.message === ONE_MAP_ONLY ? t('dashboard.oneMap') : String(e), 'danger');
    }
  };

  return (
    <div className="wstore">
      {entries.length === 0 ? (
        <WidgetEmpty
          icon={<Store size={20} />}
          title={t('widgets.widgetStore.allAdded')}
          text={t('widgets.widgetStore.allAddedText')}
        />
      ) : (
        <ul className="wstore__list" aria-label={t('widgets.widgetStore.label')}>
          {entries.map(({ type, state }) => {
            const Icon = WIDGET_UI[type].icon;
            const name = t(`widgetTypes.${type}.name`);
            const reason =
              state === 'oneMap'
                ? t('dashboard.oneMap')
                : state === 'needsParking'
                  ? t('dashboard.needsParking')
                  : null;
            return (
              <li key={type} className="wstore__item" data-type={type} data-state={state}>
                <Icon size={18} aria-hidden className="wstore__icon" />
                <div className="wstore__text">
                  <span className="wstore__name">{name}</span>
                  <span className="wstore__desc">{reason ?? t(`widgetTypes.${type}.description`)}</span>
                </div>
                <Button
                  className="wstore__add"
                  icon={<Plus size={14} aria-hidden />}
                  disabled={state !== 'add'}
                  aria-label={t('widgets.widgetStore.addNamed', { name })}
                  onClick={() => add(type)}
                >
                  <span className="wstore__add-text">{t('widgets.widgetStore.add')}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="wstore__announced">
        <Sparkles size={13} aria-hidden />
        {announced > 0
          ? t('widgets.widgetStore.announced', { count: announced })
          : t('widgets.widgetStore.moreAnnounced')}
      </p>
    </div>
  );
}
