import type { OnboardingConfigBody, OperationStatus } from '@fieldwatch/core';
import { CircleCheck, CircleX, Cpu, LayoutDashboard, RotateCw, TriangleAlert, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '@/lib/api.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { canRetry } from './flow.ts';
import { Notice, StepFrame } from './StepFrame.tsx';
import { useActivation } from './useActivation.ts';

type Props = {
  uuid: string;
  request: Omit<OnboardingConfigBody, 'activationCode'>;
  unitName: string;
  organizationName: string;
  onBack: () => void;
};

/** A state in words beside its icon: colour is never the only sign (STYLE.md). */
function OperationState({ state }: { state: OperationStatus['state'] }) {
  const { t } = useTranslation();
  if (state === 'requested')
    return (
      <span className="onb__op-state">
        <Spinner /> {t('onboarding.activating.requested')}
      </span>
    );
  const ok = state === 'succeeded';
  return (
    <span className={`onb__op-state onb__op-state--${ok ? 'ok' : 'failed'}`}>
      {ok ? <CircleCheck size={16} aria-hidden /> : <CircleX size={16} aria-hidden />}
      {t(ok ? 'onboarding.activating.succeeded' : 'onboarding.activating.failed')}
    </span>
  );
}

/**
 * Step 9, activating: places the unit, then follows its configuration and communications test
 * live. Success leads to the dashboard of the unit's organization; failure gives the spec's
 * activation error and Retry (a fresh code, the same call again).
 */
export function ActivatingStep({ uuid, request, unitName, organizationName, onBack }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, retry } = useActivation(uuid, request);
  const [opening, setOpening] = useState(false);

  const openDashboard = async (organizationId: number) => {
    setOpening(true);
    try {
      // The dashboard shows the session's current organization: make it the unit's.
      queryClient.setQueryData(['userSession'], await authApi.setCurrentOrganization(organizationId));
    } catch {
      toast(t('errors.organizationSwitch'), 'warning');
    }
    navigate('/dashboard/default');
  };

  if (state.phase === 'error') {
    const { error } = state;
    return (
      <StepFrame
        phase="activate"
        title={t(`onboarding.errors.${error}`)}
        text={t(`onboarding.errors.${error}Text`)}
        icon={<TriangleAlert size={24} />}
        onBack={canRetry(error) ? undefined : onBack}
      >
        {state.message && error === 'activation' && <p className="onb__hint">{state.message}</p>}
        {canRetry(error) && (
          <Button block variant="primary" onClick={() => void retry()} icon={<RotateCw size={16} />}>
            {t('common.retry')}
          </Button>
        )}
      </StepFrame>
    );
  }

  const progress = state.phase === 'sent' ? state.progress : undefined;
  const outcome = progress?.outcome ?? 'running';
  const percent = Math.round((progress?.done ?? 0) * 100);
  const title =
    outcome === 'succeeded'
      ? t('onboarding.activating.done')
      : outcome === 'failed'
        ? t('onboarding.errors.activation')
        : t('onboarding.activating.title', { name: unitName });
  return (
    <StepFrame
      phase="activate"
      title={title}
      text={outcome === 'failed' ? t('onboarding.errors.activationText') : undefined}
      icon={
        outcome === 'succeeded' ? (
          <CircleCheck size={24} />
        ) : outcome === 'failed' ? (
          <TriangleAlert size={24} />
        ) : (
          <Zap size={24} />
        )
      }
    >
      <div
        className="onb__progress"
        role="progressbar"
        aria-label={t('onboarding.activating.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('onboarding.activating.percent', { percent })}
      >
        <div className="onb__progress-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <ul className="onb__ops" aria-live="polite">
        <li className="onb__op">
          <span>{t('onboarding.activating.placed', { organization: organizationName })}</span>
          <OperationState state={state.phase === 'sent' ? 'succeeded' : 'requested'} />
        </li>
        {progress?.items.map((item) => (
          <li key={item.operation} className="onb__op">
            <span>{t(`onboarding.activating.operations.${item.operation}`, { defaultValue: item.operation })}</span>
            <OperationState state={item.state} />
          </li>
        ))}
      </ul>
      {state.phase === 'sent' && outcome === 'succeeded' && (
        <Notice tone="success" icon={<CircleCheck size={20} />}>
          <p>{t('onboarding.activating.doneText')}</p>
        </Notice>
      )}
      {state.phase === 'sent' && outcome === 'succeeded' && (
        <div className="onb__actions">
          <Button
            block
            variant="primary"
            disabled={opening}
            onClick={() => void openDashboard(state.config.organizationId)}
            icon={opening ? <Spinner /> : <LayoutDashboard size={16} />}
          >
            {t('onboarding.activating.openDashboard')}
          </Button>
          <Link to={`/devicemanagement?unit=${state.config.unitId}`} className="btn btn--block">
            <Cpu size={16} aria-hidden />
            {t('onboarding.tag.openUnit')}
          </Link>
        </div>
      )}
      {outcome === 'failed' && (
        <Button block variant="primary" onClick={() => void retry()} icon={<RotateCw size={16} />}>
          {t('common.retry')}
        </Button>
      )}
    </StepFrame>
  );
}
