import { TRIAL_DAYS } from '@fieldwatch/core';
import { ArrowRight, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { StepFrame } from './StepFrame.tsx';

type Props = { trialEndsAt: string; organization: string; busy: boolean; onContinue: () => void };

/** Step 5, start trial: the account and its organization exist; the 4-week trial has begun. */
export function StartTrialStep({ trialEndsAt, organization, busy, onContinue }: Props) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <StepFrame
      phase="account"
      title={t('onboarding.trial.title', { organization })}
      text={t('onboarding.trial.runsUntil', { weeks: TRIAL_DAYS / 7, date: format.date(trialEndsAt) })}
      icon={<PartyPopper size={24} />}
    >
      <p className="onb__hint">{t('onboarding.trial.next')}</p>
      <Button
        block
        variant="primary"
        disabled={busy}
        onClick={onContinue}
        icon={busy ? <Spinner /> : <ArrowRight size={16} className="mirror" />}
      >
        {t('onboarding.trial.continue')}
      </Button>
    </StepFrame>
  );
}
