import { type ContainerView, type Device, moveUnitsToLocation, unitIdsOf } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { containersApi, containersQuery } from './containersApi.ts';

const CONTAINERS_KEY = containersQuery.queryKey;

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: CONTAINERS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['devices'] });
};
const directUnits = (c: ContainerView) => unitIdsOf(c);

/**
 * The writes of the group and location screens: moving units (groups through devices/updateGroup,
 * locations through the container calls), the locations of a group, create, rename, delete and
 * group import, each with its toasts; the lists refresh after every write.
 */
export function useContainerActions(
  groups: boolean,
  byId: ReadonlyMap<number, Device>,
  clear: { checked: () => void; pool: () => void },
  open: (id?: string) => void,
) {
  const { t } = useTranslation();
  /** Moves units into `to` (out of `from` when given). Groups: updateGroup on both; locations: one call. */
  const move = async (ids: readonly number[], to: ContainerView, from?: ContainerView) => {
    if (ids.length === 0) return;
    try {
      if (groups) {
        if (!to.groupId) return;
        await containersApi.setGroupUnits(to.groupId, [...new Set([...directUnits(to), ...ids])]);
        if (from?.groupId)
          await containersApi.setGroupUnits(
            from.groupId,
            directUnits(from).filter((u) => !ids.includes(u)),
          );
      } else {
        // Shown at once; the server's answer (or a failure) then refreshes the list.
        queryClient.setQueryData<ContainerView[]>(CONTAINERS_KEY, (list) => {
          if (!list) return list;
          const changed = moveUnitsToLocation(
            list.filter((c) => c.type === 'locations'),
            ids,
            to.id,
            (id) => byId.get(id)?.name ?? '',
          );
          return list.map((c) => changed.find((x) => x.id === c.id) ?? c);
        });
        await containersApi.placeUnits(to.id, ids);
      }
      toast(t('containers.moved', { count: ids.length, name: to.name }), 'success');
      clear.checked();
      clear.pool();
    } catch {
      toast(t('containers.moveFailed'), 'danger');
    } finally {
      refresh();
    }
  };
  const takeOut = async (ids: readonly number[], from: ContainerView) => {
    try {
      if (groups && from.groupId)
        await containersApi.setGroupUnits(
          from.groupId,
          directUnits(from).filter((u) => !ids.includes(u)),
        );
      else await containersApi.takeUnits(from.id, ids);
      clear.checked();
    } catch {
      toast(t('containers.moveFailed'), 'danger');
    } finally {
      refresh();
    }
  };
  const setLocations = async (g: ContainerView, ids: string[]) => {
    try {
      await containersApi.update(g.id, { locations: ids });
    } catch (e) {
      toast(t('containers.saveFailed', { message: errorText(e) }), 'danger');
    } finally {
      refresh();
    }
  };
  const create = async (name: string, organization: number | undefined) => {
    if (!organization) return;
    try {
      const made = groups
        ? (await containersApi.createGroup(organization, name)).key
        : (await containersApi.create('locations', organization, name)).id;
      await queryClient.invalidateQueries({ queryKey: CONTAINERS_KEY });
      open(made);
    } catch (e) {
      toast(t('containers.saveFailed', { message: errorText(e) }), 'danger');
    }
  };
  const rename = async (current: ContainerView, name: string) => {
    try {
      if (groups && current.groupId) await containersApi.renameGroup(current.groupId, current.organization, name);
      else await containersApi.update(current.id, { name });
    } catch (e) {
      toast(t('containers.saveFailed', { message: errorText(e) }), 'danger');
    } finally {
      refresh();
    }
  };
  const remove = async (current: ContainerView) => {
    try {
      if (groups && current.groupId) await containersApi.deleteGroup(current.groupId, current.organization);
      else await containersApi.remove(current.id);
      open();
    } catch {
      toast(
        groups ? t('containers.deleteGroupFailed') : t('containers.deleteFailed', { name: current.name }),
        'danger',
      );
    } finally {
      refresh();
    }
  };
  const importGroup = async (customerId: number, groupName: string) => {
    try {
      const result = await containersApi.importGroup(customerId, groupName);
      toast(t('containers.imported', { count: result.locations.length, name: groupName }), 'success');
      if (result.groups[0]) open(result.groups[0].id);
    } catch (e) {
      toast(t('containers.importFailed', { message: errorText(e) }), 'danger');
    } finally {
      refresh();
    }
  };
  return { move, takeOut, setLocations, create, rename, remove, importGroup };
}
