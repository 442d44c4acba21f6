import { isBuiltinKey, rangeChoices } from '@fieldwatch/core';
import { LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { dashboardTitle } from '@/i18n/dashboardTitle.ts';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { builtinId, overviewId, useDashboardStore } from '@/stores/dashboards.ts';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { DashboardGrid, loadEditableGrid } from './DashboardGrid.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import { useLivePatches } from './data.ts';
import { EditBar } from './EditBar.tsx';
import { FilterBar } from './FilterBar.tsx';
import { RangeChoices } from './rangeChoices.ts';
import './dashboards.css';

/**
 * /dashboard/{id}: waits until dashboards have loaded; `default` becomes the overview
 * dashboard's id, and a built-in's key (units, alarms, …) that built-in's id.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { id = 'default' } = useParams();
  const hasLoaded = useDashboardStore((s) => s.hasLoaded);
  const dashboard = useDashboardStore((s) => s.dashboards[id]);
  const [editing, setEditing] = useState(false);
  // Edit mode shows once the interactive grid's code is here (DashboardGrid's loadEditableGrid).
  const changeEditing = (on: boolean) => {
    if (!on) setEditing(false);
    else
      loadEditableGrid().then(
        () => setEditing(true),
        () => {},
      );
  };
  useLivePatches();
  useDocumentTitle(dashboard ? dashboardTitle(t, dashboard.name) : t('pages.dashboard'));

  if (!hasLoaded) {
    return (
      <section className="dashboard" aria-busy="true">
        <div className="dashboard__loading">
          <Skeleton lines={2} />
          <div className="dashboard__loading-grid">
            <Skeleton block />
            <Skeleton block />
            <Skeleton block />
          </div>
        </div>
      </section>
    );
  }
  const target = id === 'default' ? overviewId() : isBuiltinKey(id) ? builtinId(id) : undefined;
  if (target) return <Navigate to={`/dashboard/${target}`} replace />;
  if (!dashboard) {
    return (
      <div className="card">
        <EmptyState icon={<LayoutDashboard size={26} />} title={t('dashboard.notFound')}>
          <p>{t('dashboard.notFoundText')}</p>
          <Link to="/dashboard/default">{t('empty.backHome')}</Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <RangeChoices.Provider value={rangeChoices(dashboard.static)}>
      <section className="dashboard" aria-labelledby="page-title">
        <DashboardHeader id={id} dashboard={dashboard} editing={editing} onEditingChange={changeEditing} />
        {editing && <EditBar id={id} dashboard={dashboard} onDone={() => setEditing(false)} />}
        <FilterBar id={id} />
        {Object.keys(dashboard.widgets).length === 0 ? (
          <div className="card">
            <EmptyState icon={<LayoutDashboard size={26} />} title={t('dashboard.empty')}>
              <p>{t('dashboard.emptyText')}</p>
            </EmptyState>
          </div>
        ) : (
          <DashboardGrid id={id} dashboard={dashboard} editing={editing} />
        )}
      </section>
    </RangeChoices.Provider>
  );
}
