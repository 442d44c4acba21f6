import './lists.css';
import { ArrowRightLeft, LayoutDashboard } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardTitle } from '@/i18n/dashboardTitle.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Select } from '@/ui/Select.tsx';
import { Loaded, Section, UserAvatar } from '../AdminParts.tsx';
import {
  adminApi,
  adminKeys,
  type OwnershipScope,
  useAdminChange,
  useOwnedDashboards,
  useProfiles,
} from '../adminApi.ts';
import { dashboardsByOwner, type Owner } from '../ownership.ts';
import type { TabProps } from './TabPanel.tsx';

/**
 * Dashboard ownership (scope personal) and workspace ownership (scope workspace): the
 * dashboards of the organization's users grouped by owner, each owner's handed to another user
 * at once — for instance when someone leaves.
 */
export function OwnershipTab({ org, scope }: TabProps & { scope: OwnershipScope }) {
  const { t } = useTranslation();
  const dashboards = useOwnedDashboards(org.id);
  const profiles = useProfiles(org.id);
  const [from, setFrom] = useState<Owner | null>(null);
  const p = `admin.ownership.${scope}`;
  return (
    <Section title={t(`${p}.title`)} description={t(`${p}.text`, { name: org.name })}>
      <Loaded query={dashboards} lines={6}>
        {(list) => (
          <Owners
            owners={dashboardsByOwner(list, scope === 'workspace')}
            scope={scope}
            avatarOf={(username) => profiles.data?.find((u) => u.username === username)?.avatar ?? null}
            onTransfer={setFrom}
          />
        )}
      </Loaded>
      {from && (
        <TransferDialog
          orgId={org.id}
          scope={scope}
          from={from}
          users={(profiles.data ?? []).filter((u) => u.username !== from.username)}
          onClose={() => setFrom(null)}
        />
      )}
    </Section>
  );
}

function Owners({
  owners,
  scope,
  avatarOf,
  onTransfer,
}: {
  owners: Owner[];
  scope: OwnershipScope;
  avatarOf: (username: string) => string | null;
  onTransfer: (o: Owner) => void;
}) {
  const { t } = useTranslation();
  const when = useDateFormat();
  // Built-in dashboards are stored under a translation key; every other name is the user's text.
  if (owners.length === 0)
    return (
      <EmptyState icon={<LayoutDashboard size={26} />} title={t(`admin.ownership.${scope}.none`)}>
        <p>{t(`admin.ownership.${scope}.noneText`)}</p>
      </EmptyState>
    );
  return (
    <ul className="admin-owners">
      {owners.map((o) => (
        <li key={o.username} className="admin-owner">
          <div className="admin-owner__head">
            <span className="admin-person">
              <UserAvatar name={o.name} src={avatarOf(o.username)} />
              <span className="admin-person__text">
                <span className="admin-person__name">{o.name}</span>
                <span className="admin-person__sub">
                  {o.username} · {t('admin.ownership.count', { count: o.dashboards.length })}
                </span>
              </span>
            </span>
            <Button icon={<ArrowRightLeft size={16} aria-hidden />} onClick={() => onTransfer(o)}>
              {t('admin.ownership.transfer')}
              <span className="visually-hidden"> ({o.name})</span>
            </Button>
          </div>
          <ul className="admin-owner__list">
            {o.dashboards.map((d) => (
              <li key={d.id}>
                <LayoutDashboard size={14} aria-hidden />
                <span className="admin-owner__name">{dashboardTitle(t, d.name)}</span>
                <time className="muted" dateTime={d.updated}>
                  {t('admin.ownership.updated', { time: when.date(d.updated) })}
                </time>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** Choose the new owner, then confirm in the same dialog: a move of several dashboards is not undone by a click. */
function TransferDialog({
  orgId,
  scope,
  from,
  users,
  onClose,
}: {
  orgId: number;
  scope: OwnershipScope;
  from: Owner;
  users: { username: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const seen = new Map(users.map((u) => [u.username, u.name || u.username]));
    return [...seen]
      .map(([value, name]) => ({ value, label: `${name} (${value})` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [users]);
  const [to, setTo] = useState(options[0]?.value ?? '');
  const [confirming, setConfirming] = useState(false);
  const toName = options.find((o) => o.value === to)?.label ?? to;
  const transfer = useAdminChange(() => adminApi.transfer(orgId, from.username, to, scope), {
    refresh: [adminKeys.dashboards(orgId)],
    done: (r) => t('admin.ownership.moved', { count: r.moved, name: toName }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!to) return;
    if (!confirming) return setConfirming(true);
    transfer.mutateAsync(undefined).then(onClose, () => setConfirming(false));
  };
  const count = from.dashboards.length;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('admin.ownership.transferTitle', { name: from.name })}
      description={t(`admin.ownership.${scope}.transferText`, { count })}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        {options.length === 0 ? (
          <p className="muted">{t('admin.ownership.nobody')}</p>
        ) : confirming ? (
          <p className="admin-note" role="alert">
            {t('admin.ownership.confirm', { count, from: from.name, to: toName })}
          </p>
        ) : (
          <Select
            label={t('admin.ownership.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            options={options}
          />
        )}
        <div className="dialog__actions">
          <Button onClick={confirming ? () => setConfirming(false) : onClose}>
            {confirming ? t('admin.ownership.back') : t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={!to || transfer.isPending}>
            {confirming ? t('admin.ownership.confirmMove', { count }) : t('admin.ownership.next')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
