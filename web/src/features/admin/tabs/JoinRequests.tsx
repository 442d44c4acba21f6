import { AccessLevel, accessLevels, type JoinRequest } from '@fieldwatch/core';
import { Check, UserPlus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinRequestApi, joinRequestsQuery, useJoinRequests } from '@/lib/joinRequestsApi.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Time } from '@/ui/Time.tsx';
import { UserAvatar, useProblemText } from '../AdminParts.tsx';
import { adminKeys, useAdminChange } from '../adminApi.ts';
import { newUserProblems } from '../adminForms.ts';
import { INVITED } from './AddUserDialog.tsx';

/** A username to start from: the address's part before the @, as people usually sign in. */
const suggestedUsername = (email: string) => email.split('@')[0]?.replace(/\s+/g, '') ?? '';

/**
 * People who asked from a scanned tag to join an organization this administrator administers:
 * who, which organization, their words; accept (a username and a role, then the invitation
 * goes out as with Add user) or decline. Shown only while some wait.
 */
export function JoinRequests() {
  const { t } = useTranslation();
  const requests = useJoinRequests();
  const [accepting, setAccepting] = useState<JoinRequest | null>(null);
  const decline = useAdminChange(joinRequestApi.decline, {
    refresh: [joinRequestsQuery.queryKey],
    done: (_r, id) => t('joinRequests.declined', { name: requests.data?.find((r) => r.id === id)?.name ?? '' }),
  });
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="join-requests" aria-labelledby="join-requests-title">
      <h3 id="join-requests-title" className="join-requests__title">
        <UserPlus size={16} aria-hidden /> {t('joinRequests.title', { count: list.length })}
      </h3>
      <ul className="join-requests__list">
        {list.map((r) => (
          <li key={r.id} className="join-request">
            <UserAvatar name={r.name} src={null} />
            <div className="join-request__text">
              <p className="join-request__who">
                <bdi>{r.name}</bdi> <span className="muted">{t('joinRequests.asksToJoin')}</span>{' '}
                <bdi>{r.organization}</bdi>
              </p>
              <p className="join-request__contact muted">
                <a href={`mailto:${r.email}`} dir="ltr">
                  {r.email}
                </a>
                {r.phone && <span dir="ltr">{r.phone}</span>}
                <Time at={r.created} />
              </p>
              {r.message && (
                <blockquote className="join-request__message" dir="auto">
                  {r.message}
                </blockquote>
              )}
            </div>
            <div className="join-request__actions">
              <Button variant="primary" icon={<Check size={16} aria-hidden />} onClick={() => setAccepting(r)}>
                {t('joinRequests.accept')}
              </Button>
              <Button
                icon={<X size={16} aria-hidden />}
                disabled={decline.isPending}
                onClick={() => decline.mutate(r.id)}
              >
                {t('joinRequests.decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {accepting && <AcceptDialog request={accepting} onClose={() => setAccepting(null)} />}
    </section>
  );
}

/** Accepting: the username the person will sign in with and their role; the invitation follows. */
function AcceptDialog({ request, onClose }: { request: JoinRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const [username, setUsername] = useState(suggestedUsername(request.email));
  const [roleId, setRoleId] = useState<AccessLevel>(AccessLevel.Reader);
  const [problem, setProblem] = useState<ReturnType<typeof newUserProblems>['username']>();
  const accept = useAdminChange(joinRequestApi.accept, {
    refresh: [joinRequestsQuery.queryKey, adminKeys.all],
    done: (r) =>
      r.delivery
        ? t(INVITED[r.delivery], { username: r.username, email: request.email })
        : t('admin.users.created', { username: r.username }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = newUserProblems(
      { username, name: request.name, email: request.email },
      { username: t('admin.users.username'), name: t('admin.users.fullName'), email: t('admin.users.email') },
    ).username;
    setProblem(found);
    if (found) return;
    accept.mutateAsync({ id: request.id, username: username.trim(), roleId }).then(onClose, () => {});
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('joinRequests.acceptTitle', { name: request.name, organization: request.organization })}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <p className="muted">{t('joinRequests.acceptText', { email: request.email })}</p>
        <TextField
          label={t('admin.users.username')}
          value={username}
          maxLength={100}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          error={text(problem)}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Select
          label={t('admin.users.role')}
          value={String(roleId)}
          onChange={(e) => setRoleId(Number(e.target.value) as AccessLevel)}
          options={accessLevels.map((l) => ({ value: String(l), label: t(`roles.${l}`) }))}
        />
        <FormActions onCancel={onClose} submit={t('joinRequests.acceptAndInvite')} disabled={accept.isPending} />
      </form>
    </Dialog>
  );
}
