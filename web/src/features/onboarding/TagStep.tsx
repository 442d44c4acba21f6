import type { TagOnboardingView, TagPublic } from '@fieldwatch/core';
import { Ban, Cpu, LayoutDashboard, Lock, LogIn, Nfc, RotateCw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { StepFrame } from './StepFrame.tsx';

export type TagLoad = { status: 'loading' } | { status: 'error'; code: number } | { status: 'ready'; data: TagPublic };

type Props = {
  tag: TagLoad;
  /** The signed-in view, known for a unit of the user's organization (it holds the unit's id). */
  view: TagOnboardingView | null;
  signedIn: boolean;
  busy: boolean;
  onStart: () => void;
  onRerun: () => void;
  onSignIn: () => void;
  onReload: () => void;
};

/**
 * Step 1, the tag: what was scanned and what can be done with it. Owned and disabled tags stop
 * here with the reason; a unit already in the user's organization can be opened or re-activated.
 */
export function TagStep({ tag, view, signedIn, busy, onStart, onRerun, onSignIn, onReload }: Props) {
  const { t } = useTranslation();
  if (tag.status === 'loading')
    return (
      <StepFrame phase="account" title={t('onboarding.tag.reading')} icon={<Nfc size={24} />}>
        <p className="onb__checking">
          <Spinner /> {t('common.loading')}
        </p>
      </StepFrame>
    );
  if (tag.status === 'error') {
    const unknown = tag.code === 404 || tag.code === 400;
    return (
      <StepFrame
        phase="account"
        title={t(unknown ? 'onboarding.tag.unknown' : 'onboarding.tag.loadFailed')}
        text={t(unknown ? 'onboarding.tag.unknownText' : 'onboarding.tag.loadFailedText')}
        icon={<SearchX size={24} />}
      >
        {!unknown && (
          <Button block onClick={onReload} icon={<RotateCw size={16} />}>
            {t('common.retry')}
          </Button>
        )}
      </StepFrame>
    );
  }
  const { state, unitType } = tag.data;
  const scanned = t('onboarding.tag.scanned', { type: unitType });
  const dashboard = signedIn && (
    <Link to="/dashboard/default" className="btn btn--block">
      <LayoutDashboard size={16} aria-hidden />
      {t('onboarding.tag.toDashboard')}
    </Link>
  );
  if (state === 'disabled')
    return (
      <StepFrame
        phase="account"
        title={t('onboarding.tag.disabled')}
        text={t('onboarding.tag.disabledText')}
        icon={<Ban size={24} />}
      >
        <p className="onb__fact">{scanned}</p>
        {dashboard}
      </StepFrame>
    );
  if (state === 'owned')
    return (
      <StepFrame
        phase="account"
        title={t('onboarding.tag.owned')}
        text={t('onboarding.tag.ownedText')}
        icon={<Lock size={24} />}
      >
        <p className="onb__fact">{scanned}</p>
        {signedIn ? (
          dashboard
        ) : (
          // Signed out, the tag cannot tell that the unit is the person's own: signing in may show it so.
          <div className="onb__actions">
            <p className="onb__hint">{t('onboarding.tag.ownedSignIn')}</p>
            <Button block onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
              {t('login.submit')}
            </Button>
          </div>
        )}
      </StepFrame>
    );
  if (state === 'yours') {
    const unitId = view?.unit.id;
    return (
      <StepFrame
        phase="account"
        title={t('onboarding.tag.yours')}
        text={t('onboarding.tag.yoursText')}
        icon={<Cpu size={24} />}
      >
        <p className="onb__fact">{view?.unit.name ? `${view.unit.name} · ${scanned}` : scanned}</p>
        <div className="onb__actions">
          {unitId != null && (
            <Link to={`/devicemanagement?unit=${unitId}`} className="btn btn--primary btn--block">
              <Cpu size={16} aria-hidden />
              {t('onboarding.tag.openUnit')}
            </Link>
          )}
          {signedIn && (
            <Button block disabled={busy || !view} onClick={onRerun} icon={busy ? <Spinner /> : <RotateCw size={16} />}>
              {t('onboarding.tag.rerun')}
            </Button>
          )}
          {!signedIn && (
            <Button block variant="primary" onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
              {t('login.submit')}
            </Button>
          )}
        </div>
      </StepFrame>
    );
  }
  return (
    <StepFrame phase="account" title={scanned} text={t('onboarding.tag.availableText')} icon={<Nfc size={24} />}>
      <ol className="onb__list">
        <li>{t('onboarding.tag.how1')}</li>
        <li>{t('onboarding.tag.how2')}</li>
        <li>{t('onboarding.tag.how3')}</li>
      </ol>
      <Button block variant="primary" disabled={busy} onClick={onStart} icon={busy ? <Spinner /> : undefined}>
        {t('onboarding.tag.start')}
      </Button>
    </StepFrame>
  );
}
