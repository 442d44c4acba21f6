import type { UnitStatus } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';

/** A status colour is always paired with its word (STYLE.md: colour-blind users). */
export function StatusDot({ status }: { status: UnitStatus }) {
  return <span className={`status-dot status-dot--${status}`} aria-hidden />;
}

export function StatusLabel({ status }: { status: UnitStatus }) {
  const { t } = useTranslation();
  return (
    <span className="status-label">
      <StatusDot status={status} />
      {t(`status.${status}`)}
    </span>
  );
}
