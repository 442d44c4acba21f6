import type { Session } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { readableAddress, sessionDevice } from '@/lib/sessionDevice.ts';
import { toast } from '@/lib/toast.ts';
import { useBreakpoint } from '@/lib/useBreakpoint.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { RecordTable } from '@/ui/RecordTable.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { profileApi, profileKeys, useSessions } from './profileApi.ts';

const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
/** This device first, then the most recently seen. */
const ordered = (list: Session[]) =>
  [...list].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen));

/** The user's live sessions: cards on phones, a table on wider screens; any other one can be logged out. */
export function SessionsTab() {
  const { t } = useTranslation();
  const when = useDateFormat();
  const sessions = useSessions();
  const compact = ['xs', 'sm'].includes(useBreakpoint());
  const [confirming, setConfirming] = useState(false);
  const failed = (e: Error) => toast(t('profile.sessions.failed', { message: errorText(e) }), 'danger');
  const end = useMutation({
    mutationFn: profileApi.endSession,
    onSuccess: () => toast(t('profile.sessions.ended'), 'success'),
    onError: failed,
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: profileApi.endOtherSessions,
    onSuccess: ({ ended }) => {
      setConfirming(false);
      toast(t('profile.sessions.endedOthers', { count: ended }), 'success');
    },
    onError: failed,
    onSettled: refresh,
  });

  if (sessions.isPending)
    return (
      <div className="profile-panel card" aria-busy="true">
        <Skeleton lines={5} />
      </div>
    );
  if (sessions.isError)
    return (
      <div className="profile-panel card">
        <EmptyState icon={<MonitorSmartphone size={26} />} title={t('profile.sessions.loadFailed')}>
          <Button onClick={() => void sessions.refetch()}>{t('common.retry')}</Button>
        </EmptyState>
      </div>
    );

  const list = ordered(sessions.data);
  const others = list.filter((s) => !s.current).length;
  const deviceName = (s: Session) => {
    const d = sessionDevice(s.userAgent);
    return t('profile.sessions.device', {
      browser: d.browser ?? t('profile.sessions.unknownBrowser'),
      system: d.system ?? t('profile.sessions.unknownSystem'),
    });
  };
  const device = (s: Session) => {
    const Icon = sessionDevice(s.userAgent).mobile ? Smartphone : Monitor;
    return (
      <span className="profile-session__device" title={s.userAgent}>
        <Icon size={16} aria-hidden />
        {deviceName(s)}
        {s.current && <span className="profile-badge">{t('profile.sessions.thisDevice')}</span>}
      </span>
    );
  };
  const action = (s: Session) =>
    !s.current && (
      <Button
        icon={<LogOut size={16} aria-hidden className="mirror" />}
        aria-label={t('profile.sessions.logOutSession', { device: deviceName(s) })}
        disabled={end.isPending && end.variables === s.id}
        onClick={() => end.mutate(s.id)}
      >
        {t('profile.sessions.logOut')}
      </Button>
    );

  return (
    <div className="profile-panel profile-panel--wide card">
      <div className="profile-sessions__head">
        <p className="muted">{t('profile.sessions.intro')}</p>
        <Button disabled={others === 0} onClick={() => setConfirming(true)}>
          {t('profile.sessions.logOutOthers')}
        </Button>
      </div>
      {compact ? (
        <ul className="profile-sessions__cards">
          {list.map((s) => (
            <li key={s.id} className="profile-session">
              {device(s)}
              <dl className="facts">
                <dt>{t('profile.sessions.address')}</dt>
                <dd>{readableAddress(s.address)}</dd>
                <dt>{t('profile.sessions.lastSeen')}</dt>
                <dd>{when.dateTime(s.lastSeen)}</dd>
                <dt>{t('profile.sessions.created')}</dt>
                <dd>{when.dateTime(s.created)}</dd>
              </dl>
              {action(s)}
            </li>
          ))}
        </ul>
      ) : (
        <RecordTable
          className="profile-sessions__table"
          columns={['colDevice', 'address', 'lastSeen', 'created'].map((c) => t(`profile.sessions.${c}`))}
          actions={t('profile.sessions.actions')}
        >
          {list.map((s) => (
            <tr key={s.id}>
              <td>{device(s)}</td>
              <td>{readableAddress(s.address)}</td>
              <td>{when.dateTime(s.lastSeen)}</td>
              <td>{when.dateTime(s.created)}</td>
              <td className="num">{action(s)}</td>
            </tr>
          ))}
        </RecordTable>
      )}
      {others === 0 && <p className="muted profile-sessions__only">{t('profile.sessions.onlyThisText')}</p>}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('profile.sessions.confirmTitle')}
        description={t('profile.sessions.confirmText')}
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button variant="danger" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {t('profile.sessions.logOutOthers')}
            </Button>
          </>
        }
      />
    </div>
  );
}
