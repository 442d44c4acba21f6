import { type AccessLevel, type ContainerType, type ContainerView, unitGroupNames, unitIdsOf } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { FolderInput, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { type DragEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAllUnits } from '@/lib/units.ts';
import { deviceRights, useUserStore } from '@/stores/user.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { ReadOnlyNote } from '@/ui/Tag.tsx';
import { ContainerNameDialog, ImportDialog } from './ContainerDialogs.tsx';
import { containersQuery } from './containersApi.ts';
import { DRAG_TYPE, droppedUnits, UnitList } from './UnitList.tsx';
import { useContainerActions } from './useContainerActions.ts';

/**
 * Group management and location management: the containers of one type, the one
 * chosen with its units (and, for a group, its locations), and the units to bring in. Units move by
 * drag and drop or by check boxes and "Move to"; groups through the v2 group calls
 * (devices/updateGroup), locations through the container calls. A Reader sees it all read-only.
 */
export function ContainerBoard({ type }: { type: ContainerType }) {
  const { t } = useTranslation();
  const groups = type === 'groups';
  const [params, setParams] = useSearchParams();
  const customers = useUserStore((s) => s.accessResponse?.Customers ?? []);
  const containers = useQuery(containersQuery);
  const devices = useAllUnits();
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [pool, setPool] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete' | 'import' | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const all = containers.data ?? [];
  const mine = all.filter((c) => c.type === type);
  const locations = all.filter((c) => c.type === 'locations');
  const groupList = all.filter((c) => c.type === 'groups');
  const current = mine.find((c) => c.id === params.get('id')) ?? mine[0];
  const units = devices.data ?? [];
  const byId = useMemo(() => new Map(units.map((u) => [u.id, u])), [units]);
  const groupsOf = useMemo(() => {
    const cache = new Map<number, string[]>();
    return (id: number) => {
      const names = cache.get(id) ?? unitGroupNames(groupList, locations, id);
      cache.set(id, names);
      return names;
    };
  }, [groupList, locations]);
  const writable = customers.filter((c) => deviceRights(c.RoleID as AccessLevel).operate);
  const orgs = writable.map((c) => ({ id: c.CustomerID, name: c.CustomerName }));
  const canWrite = (c: ContainerView | undefined) => !!c && writable.some((w) => w.CustomerID === c.organization);
  const orgName = (id: number) => customers.find((c) => c.CustomerID === id)?.CustomerName ?? '';

  const directUnits = (c: ContainerView) => unitIdsOf(c);
  const unitsIn = (c: ContainerView) => directUnits(c).flatMap((id) => byId.get(id) ?? []);
  const throughLocations = (g: ContainerView) =>
    g.content
      .filter((r) => r.type === 'location')
      .flatMap((r) => locations.find((l) => l.id === r.target) ?? [])
      .flatMap(unitsIn);

  const actions = useContainerActions(
    groups,
    byId,
    { checked: () => setChecked(new Set()), pool: () => setPool(new Set()) },
    (id) => setParams(id ? { id } : {}),
  );
  const { move, takeOut, setLocations, create, importGroup } = actions;
  const rename = (name: string) => (current ? actions.rename(current, name) : Promise.resolve());
  const remove = async () => {
    if (!current) return;
    setDialog(null);
    await actions.remove(current);
  };

  const dropOn = (c: ContainerView) => ({
    onDragOver: (e: DragEvent) => {
      if (!canWrite(c) || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      setDropTarget(c.id);
    },
    onDragLeave: () => setDropTarget(null),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDropTarget(null);
      const ids = droppedUnits(e);
      const from =
        current && current.id !== c.id && ids.every((id) => directUnits(current).includes(id)) ? current : undefined;
      void move(ids, c, from);
    },
  });

  if (containers.isPending || devices.isPending) return <Skeleton lines={8} block />;
  if (containers.isError)
    return (
      <EmptyState icon={<FolderInput size={26} />} title={t('containers.loadFailed')}>
        <Button onClick={() => void containers.refetch()}>{t('common.retry')}</Button>
      </EmptyState>
    );

  const inside = current ? unitsIn(current) : [];
  const insideIds = new Set(inside.map((u) => u.id));
  // Units of the user's organizations not in the chosen container (for a location: elsewhere or nowhere).
  const candidates = units.filter(
    (u) => !insideIds.has(u.id) && customers.some((c) => c.CustomerID === u.organization),
  );
  const others = mine.filter((c) => c.id !== current?.id && canWrite(c));
  const editable = canWrite(current);

  return (
    <div className="containers">
      <aside className="card containers__list" aria-labelledby="containers-list-title">
        <div className="containers__list-head">
          <h2 id="containers-list-title">{t(`containers.${type}.list`)}</h2>
          {orgs.length > 0 && (
            <span className="containers__list-actions">
              {groups && (
                <IconButton label={t('containers.import')} onClick={() => setDialog('import')}>
                  <Upload size={16} />
                </IconButton>
              )}
              <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={() => setDialog('create')}>
                {t(`containers.${type}.new`)}
              </Button>
            </span>
          )}
        </div>
        {mine.length === 0 ? (
          <p className="muted containers__none">{t(`containers.${type}.none`)}</p>
        ) : (
          <ul className="containers__items">
            {mine.map((c) => (
              <li key={c.id} {...dropOn(c)} data-drop={dropTarget === c.id || undefined}>
                <button
                  type="button"
                  className="container-item"
                  aria-current={c.id === current?.id ? 'true' : undefined}
                  onClick={() => {
                    setParams({ id: c.id });
                    setChecked(new Set());
                  }}
                >
                  <span className="container-item__name">{c.name}</span>
                  <span className="container-item__meta">
                    {orgName(c.organization)} ·{' '}
                    {t('containers.unitCount', {
                      count: unitsIn(c).length + (groups ? throughLocations(c).length : 0),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      {current && (
        <section className="card containers__current" aria-labelledby="container-title">
          <div className="containers__current-head">
            <div>
              <h2 id="container-title">{current.name}</h2>
              <p className="muted">{orgName(current.organization)}</p>
            </div>
            {editable && (
              <span className="containers__list-actions">
                <IconButton label={t('containers.rename')} onClick={() => setDialog('rename')}>
                  <Pencil size={16} />
                </IconButton>
                <IconButton label={t('common.delete')} onClick={() => setDialog('delete')}>
                  <Trash2 size={16} />
                </IconButton>
              </span>
            )}
          </div>
          {!editable && <ReadOnlyNote label={t('devices.readOnly')}>{t('containers.readOnly')}</ReadOnlyNote>}
          {groups && (
            <GroupLocations
              group={current}
              locations={locations.filter((l) => l.organization === current.organization)}
              editable={editable}
              onChange={(ids) => void setLocations(current, ids)}
            />
          )}
          <h3 className="containers__subtitle">{t(`containers.${type}.units`, { count: inside.length })}</h3>
          <UnitList
            label={t(`containers.${type}.units`, { count: inside.length })}
            units={inside}
            groupsOf={groupsOf}
            checked={checked}
            onChecked={setChecked}
            movable={editable}
            empty={t(`containers.${type}.empty`)}
          />
          {editable && checked.size > 0 && (
            <div className="containers__move">
              <span>{t('containers.checked', { count: checked.size })}</span>
              <Select
                label={t('containers.moveTo')}
                hideLabel
                value=""
                onChange={(e) => {
                  const to = others.find((c) => c.id === e.target.value);
                  if (to) void move([...checked], to, current);
                }}
                options={[
                  { value: '', label: t('containers.moveTo') },
                  ...others.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
              <Button variant="ghost" onClick={() => void takeOut([...checked], current)}>
                {t(`containers.${type}.takeOut`)}
              </Button>
            </div>
          )}
          {groups && throughLocations(current).length > 0 && (
            <p className="muted">{t('containers.throughLocations', { count: throughLocations(current).length })}</p>
          )}
        </section>
      )}

      {current && editable && (
        <section className="card containers__pool" aria-labelledby="pool-title">
          <h2 id="pool-title">{t(`containers.${type}.pool`)}</h2>
          <UnitList
            label={t(`containers.${type}.pool`)}
            units={candidates}
            groupsOf={groupsOf}
            checked={pool}
            onChecked={setPool}
            movable
            empty={t(`containers.${type}.poolEmpty`)}
          />
          {pool.size > 0 && (
            <Button
              variant="primary"
              icon={<Plus size={16} aria-hidden />}
              onClick={() => void move([...pool], current)}
            >
              {t('containers.addTo', { count: pool.size, name: current.name })}
            </Button>
          )}
        </section>
      )}

      <ContainerNameDialog
        open={dialog === 'create'}
        title={t(`containers.${type}.new`)}
        nameLabel={t(`containers.${type}.name`)}
        initial=""
        organizations={orgs}
        onClose={() => setDialog(null)}
        onSubmit={create}
      />
      <ContainerNameDialog
        open={dialog === 'rename'}
        title={t('containers.rename')}
        nameLabel={t(`containers.${type}.name`)}
        initial={current?.name ?? ''}
        onClose={() => setDialog(null)}
        onSubmit={(name) => rename(name)}
      />
      {groups && (
        <ImportDialog
          open={dialog === 'import'}
          organizations={orgs}
          groupNames={(org) => groupList.filter((g) => g.organization === org).map((g) => g.name)}
          onClose={() => setDialog(null)}
          onSubmit={importGroup}
        />
      )}
      <Dialog
        open={dialog === 'delete'}
        onOpenChange={(o) => !o && setDialog(null)}
        title={t(`containers.${type}.deleteTitle`, { name: current?.name ?? '' })}
        description={t(`containers.${type}.deleteText`)}
        actions={
          <>
            <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
            <Button variant="danger" onClick={() => void remove()}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}

/** The locations a group holds: chips to take one out, a select to add one. */
function GroupLocations({
  group,
  locations,
  editable,
  onChange,
}: {
  group: ContainerView;
  locations: ContainerView[];
  editable: boolean;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const held = group.content.filter((r) => r.type === 'location').map((r) => r.target);
  const free = locations.filter((l) => !held.includes(l.id));
  return (
    <div className="group-locations">
      <h3 className="containers__subtitle">{t('containers.locationsOfGroup', { count: held.length })}</h3>
      <ul className="group-locations__chips">
        {held.map((id) => {
          const l = locations.find((x) => x.id === id);
          return (
            <li key={id} className="loc-chip">
              {l?.name ?? id}
              {editable && (
                <IconButton
                  label={t('containers.removeLocation', { name: l?.name ?? id })}
                  onClick={() => onChange(held.filter((h) => h !== id))}
                >
                  <Trash2 size={12} />
                </IconButton>
              )}
            </li>
          );
        })}
        {held.length === 0 && <li className="muted">{t('containers.noLocations')}</li>}
      </ul>
      {editable && free.length > 0 && (
        <Select
          label={t('containers.addLocation')}
          hideLabel
          value=""
          onChange={(e) => e.target.value && onChange([...held, e.target.value])}
          options={[
            { value: '', label: t('containers.addLocation') },
            ...free.map((l) => ({ value: l.id, label: l.name })),
          ]}
        />
      )}
    </div>
  );
}
