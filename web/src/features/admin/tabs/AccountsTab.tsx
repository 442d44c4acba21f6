import './lists.css';
import type { AdminOrganization } from '@fieldwatch/core';
import { trialDaysLeft } from '@fieldwatch/core';
import { BadgeCheck, Building2, ChevronDown, ChevronRight, FolderInput, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { NameDialog } from '@/ui/NameDialog.tsx';
import { Time } from '@/ui/Time.tsx';
import { Section } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange } from '../adminApi.ts';
import { buildOrgTree, flattenTree, type OrgNode } from '../orgTree.ts';
import { MoveDialog } from './OrgDialogs.tsx';
import type { TabProps } from './TabPanel.tsx';

type Open = { kind: 'add' | 'rename' | 'move' | 'delete'; org: OrgNode } | null;

/**
 * Accounts: the chosen organization and those below it as a collapsible tree, with their units and
 * users; add a child, rename, move under another parent, delete (typing its name). The top of the
 * admin's reach can be neither moved nor deleted: that takes an administrator of its parent.
 */
export function AccountsTab({ org, orgs }: TabProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const rows = useMemo(() => {
    const root = flattenTree(buildOrgTree(orgs)).find((n) => n.id === org.id);
    return root ? flattenTree([root], collapsed).map((n) => ({ ...n, depth: n.depth - root.depth })) : [];
  }, [orgs, org.id, collapsed]);
  const toggle = (id: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const refresh = [adminKeys.all];
  const add = useAdminChange((v: { parent: number; name: string }) => adminApi.addChild(v.parent, v.name), {
    refresh,
    done: (_, v) => t('admin.accounts.added', { name: v.name }),
  });
  const rename = useAdminChange((v: { id: number; name: string }) => adminApi.rename(v.id, v.name), {
    refresh,
    done: (_, v) => t('admin.accounts.renamed', { name: v.name }),
  });
  const move = useAdminChange((v: { id: number; parent: number }) => adminApi.move(v.id, v.parent), {
    refresh,
    done: () => t('admin.accounts.moved'),
  });
  const remove = useAdminChange((o: OrgNode) => adminApi.remove(o.id), {
    refresh,
    done: (_, o) => t('admin.accounts.deleted', { name: o.name }),
  });
  const convert = useAdminChange((o: OrgNode) => adminApi.convert(o.id), {
    refresh,
    done: (_, o) => t('admin.accounts.converted', { name: o.name }),
  });
  const close = () => setOpen(null);
  const top = (o: AdminOrganization) => o.parentOrganizationId === null;

  return (
    <Section title={t('admin.accounts.title')} description={t('admin.accounts.text')}>
      <ul className="admin-tree">
        {rows.map((n) => (
          <li key={n.id} className="admin-tree__row" style={{ '--depth': n.depth } as React.CSSProperties}>
            {n.children.length > 0 ? (
              <IconButton
                label={t(collapsed.has(n.id) ? 'admin.accounts.expand' : 'admin.accounts.collapse', { name: n.name })}
                aria-expanded={!collapsed.has(n.id)}
                onClick={() => toggle(n.id)}
              >
                {collapsed.has(n.id) ? (
                  <ChevronRight size={16} className="mirror" aria-hidden />
                ) : (
                  <ChevronDown size={16} aria-hidden />
                )}
              </IconButton>
            ) : (
              <span className="admin-tree__spacer" />
            )}
            <span className="admin-logo admin-logo--small">
              {n.avatar ? <img src={n.avatar} alt="" /> : <Building2 size={16} aria-hidden />}
            </span>
            <span className="admin-tree__name">
              <strong>{n.name}</strong>
              <span className="admin-tree__counts muted">
                {t('admin.accounts.units', { count: n.units })} · {t('admin.accounts.users', { count: n.users })}
              </span>
              {n.trialEndsAt && <TrialBadge endsAt={n.trialEndsAt} />}
            </span>
            <span className="admin-tree__actions">
              {n.trialEndsAt && (
                <IconButton
                  label={t('admin.accounts.convert', { name: n.name })}
                  disabled={top(n) || convert.isPending}
                  onClick={() => convert.mutate(n)}
                >
                  <BadgeCheck size={16} aria-hidden />
                </IconButton>
              )}
              <IconButton
                label={t('admin.accounts.addChild', { name: n.name })}
                onClick={() => setOpen({ kind: 'add', org: n })}
              >
                <Plus size={16} aria-hidden />
              </IconButton>
              <IconButton
                label={t('admin.accounts.rename', { name: n.name })}
                onClick={() => setOpen({ kind: 'rename', org: n })}
              >
                <Pencil size={16} aria-hidden />
              </IconButton>
              <IconButton
                label={t('admin.accounts.move', { name: n.name })}
                disabled={top(n)}
                onClick={() => setOpen({ kind: 'move', org: n })}
              >
                <FolderInput size={16} aria-hidden />
              </IconButton>
              <IconButton
                label={t('admin.accounts.delete', { name: n.name })}
                className="admin-danger-icon"
                disabled={top(n)}
                onClick={() => setOpen({ kind: 'delete', org: n })}
              >
                <Trash2 size={16} aria-hidden />
              </IconButton>
            </span>
          </li>
        ))}
      </ul>
      {rows.some(top) && <p className="admin-section__text">{t('admin.accounts.topNote')}</p>}
      <NameDialog
        open={open?.kind === 'add'}
        title={t('admin.accounts.addTitle', { name: open?.org.name })}
        nameLabel={t('admin.accounts.name')}
        initial=""
        onClose={close}
        onSubmit={(name) => add.mutateAsync({ parent: open?.org.id ?? org.id, name })}
      />
      <NameDialog
        open={open?.kind === 'rename'}
        title={t('admin.accounts.renameTitle', { name: open?.org.name })}
        nameLabel={t('admin.accounts.name')}
        initial={open?.org.name ?? ''}
        onClose={close}
        onSubmit={(name) => rename.mutateAsync({ id: open?.org.id ?? 0, name })}
      />
      {open?.kind === 'move' && (
        <MoveDialog
          org={open.org}
          orgs={orgs}
          onClose={close}
          onSubmit={(parent) => move.mutateAsync({ id: open.org.id, parent })}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('admin.accounts.deleteTitle', { name: open?.org.name })}
        text={t('admin.accounts.deleteText')}
        typed={open?.org.name}
        confirmLabel={t('common.delete')}
        onClose={close}
        onConfirm={() => (open ? remove.mutateAsync(open.org) : Promise.resolve())}
      />
    </Section>
  );
}

/** A trial organization made through a tag: the days left, or that it is read-only until converted. */
function TrialBadge({ endsAt }: { endsAt: string }) {
  const { t } = useTranslation();
  const left = trialDaysLeft(endsAt);
  return (
    <Time className={`admin-trial${left === 0 ? ' admin-trial--ended' : ''}`} at={endsAt}>
      {left === 0 ? t('admin.accounts.trialEnded') : t('admin.accounts.trial', { count: left })}
    </Time>
  );
}
