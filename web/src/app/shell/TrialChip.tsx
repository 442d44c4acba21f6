import { trialDaysLeft } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { userSessionQuery } from '@/lib/api.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';

/**
 * The days left of the current organization's trial (organizations made through a tag
 * try Fieldwatch for 4 weeks); once it has ended, that it is read-only until converted.
 */
export function TrialChip() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { data } = useQuery(userSessionQuery);
  const endsAt = data?.currentOrganization?.trialEndsAt;
  if (!endsAt) return null;
  const left = trialDaysLeft(endsAt);
  const text = left === 0 ? t('shell.trialEnded') : t('shell.trialLeft', { count: left });
  // On a phone only the number of days shows; the whole text stays its accessible name.
  return (
    <span
      className={`trial-chip${left === 0 ? ' trial-chip--ended' : ''}`}
      data-testid="trial-chip"
      role="status"
      aria-label={text}
      title={`${text} · ${dates.dateTime(endsAt)}`}
    >
      <Hourglass size={14} aria-hidden />
      <span className="trial-chip__text" aria-hidden>
        {text}
      </span>
      <span className="trial-chip__days" aria-hidden>
        {left}
      </span>
    </span>
  );
}
