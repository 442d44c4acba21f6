import { useTranslation } from 'react-i18next';
import { useLiveStore } from '@/stores/live.ts';

const colour = { live: 'var(--status-ok)', connecting: 'var(--text-2)', offline: 'var(--status-problem)' };

/** The live push connection: a quiet dot in the top bar, with the word beside it for colour-blind users. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const status = useLiveStore((s) => s.status);
  const label =
    status === 'live' ? t('shell.live') : status === 'connecting' ? t('shell.connecting') : t('shell.offline');
  return (
    <span
      className="topbar__connection"
      title={`${t('shell.connection')}: ${label}`}
      data-testid="connection"
      data-status={status}
    >
      <span className="status-dot" style={{ background: colour[status] }} aria-hidden />
      <span className="topbar__connection-text">{label}</span>
    </span>
  );
}
