import type { TagOnboardingView } from '@fieldwatch/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { useUserStore } from '@/stores/user.ts';
import { ActivatingStep } from './ActivatingStep.tsx';
import { type AccountErrors, emptyAccount } from './accountForm.ts';
import { ConnectCompanyStep } from './ConnectCompanyStep.tsx';
import { CreateAccountStep } from './CreateAccountStep.tsx';
import { type Answer, next, previous, type Step, viewFacts } from './flow.ts';
import { LoginOrRegisterStep } from './LoginOrRegisterStep.tsx';
import { NotAllowedStep } from './NotAllowedStep.tsx';
import { isTagUuid, onboardingApi } from './onboardingApi.ts';
import { PlaceDeviceStep, type Placement } from './PlaceDeviceStep.tsx';
import { SelectOrganizationStep } from './SelectOrganizationStep.tsx';
import { SignInStep } from './SignInStep.tsx';
import { StartTrialStep } from './StartTrialStep.tsx';
import { type TagLoad, TagStep } from './TagStep.tsx';
import { TermsStep } from './TermsStep.tsx';
import './onboarding.css';
import './steps.css';

/**
 * /nfc/:uuid, the NFC onboarding: a phone at a unit scans its tag and is led
 * through the account, the placing and the activation. The steps' order lives in flow.ts; this page
 * holds what the steps collect and makes the calls between them. State is kept here, not in the
 * query cache, because signing in mid-flow clears that cache.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('onboarding.pageTitle'));
  const { uuid = '' } = useParams();
  const signedIn = useUserStore((s) => s.accessResponse !== null);
  const [step, setStep] = useState<Step>('tag');
  const [tag, setTag] = useState<TagLoad>({ status: 'loading' });
  const [view, setView] = useState<TagOnboardingView | null>(null);
  const [busy, setBusy] = useState(false);
  const [rerun, setRerun] = useState(false);
  const [organizationId, setOrganizationId] = useState<number | null>(null);
  const [account, setAccount] = useState(emptyAccount);
  const [accountErrors, setAccountErrors] = useState<AccountErrors>({});
  const [trial, setTrial] = useState<{ endsAt: string; organization: string }>();
  const [placement, setPlacement] = useState<Placement>({ position: null, location: '', name: '' });

  const answer = (a: Answer) => setStep((s) => next(s, a));
  const fail = useCallback(
    (e: unknown) =>
      toast(
        e instanceof ApiError && e.status === 0 ? t('errors.network', { message: e.message }) : t('errors.generic'),
        'danger',
      ),
    [t],
  );

  /** The signed-in view: where the unit may go, and the unit as it is now (prefills the placing). */
  const loadView = useCallback(async () => {
    const v = await onboardingApi.view(uuid);
    setView(v);
    setTag((old) => (old.status === 'ready' ? { status: 'ready', data: { ...old.data, state: v.state } } : old));
    setOrganizationId((id) => (v.organizations.some((o) => o.id === id) ? id : (v.organizations[0]?.id ?? null)));
    setPlacement((p) => ({
      position: p.position ?? v.unit.position,
      location: p.location || v.unit.location,
      name: p.name || v.unit.name,
    }));
    return v;
  }, [uuid]);

  const loadTag = useCallback(async () => {
    if (!isTagUuid(uuid)) return setTag({ status: 'error', code: 404 });
    setTag({ status: 'loading' });
    try {
      const data = await onboardingApi.tag(uuid);
      setTag({ status: 'ready', data });
      // A unit of the user's organization: the view holds its id, to open it or re-run its activation.
      if (data.state === 'yours' && useUserStore.getState().accessResponse) await loadView().catch(() => {});
    } catch (e) {
      setTag({ status: 'error', code: e instanceof ApiError ? e.status : 0 });
    }
  }, [uuid, loadView]);

  useEffect(() => {
    void loadTag();
  }, [loadTag]);

  /** Runs a step's call with the busy state, then answers the flow with what it returned. */
  const withView = async (answerWith: (v: TagOnboardingView) => Answer) => {
    setBusy(true);
    try {
      answer(answerWith(await loadView()));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    signedIn
      ? void withView((v) => ({ type: 'start', signedIn: true, view: viewFacts(v) }))
      : answer({ type: 'start', signedIn: false });

  /** Re-run: the activation goes again to the organization that owns the unit. */
  const startRerun = () => {
    if (!view) return;
    const known = view.organizations.find((o) => o.id === view.unit.organizationId)?.id;
    if (known !== undefined) setOrganizationId(known);
    setRerun(true);
    answer({ type: 'rerun', view: viewFacts(view), organizationKnown: known !== undefined });
  };

  const back = () => {
    const to = previous(step, view?.organizations.length ?? 0);
    if (to === 'tag') setRerun(false);
    if (to) setStep(to);
  };
  const toSignIn = () => answer({ type: 'chooseSignIn' });
  const unitType = tag.status === 'ready' ? tag.data.unitType : '';
  const organizationName = view?.organizations.find((o) => o.id === organizationId)?.name ?? '';

  switch (step) {
    case 'tag':
      return (
        <TagStep
          tag={tag}
          view={view}
          signedIn={signedIn}
          busy={busy}
          onStart={start}
          onRerun={startRerun}
          onSignIn={toSignIn}
          onReload={() => void loadTag()}
        />
      );
    case 'loginOrRegister':
      return (
        <LoginOrRegisterStep
          onSignIn={toSignIn}
          onRegister={() => answer({ type: 'chooseRegister' })}
          onConnect={() => answer({ type: 'chooseConnect' })}
          onBack={back}
        />
      );
    case 'signIn':
      return (
        <SignInStep
          onSignedIn={() => withView((v) => ({ type: 'signedIn', view: viewFacts(v) }))}
          onRegister={() => answer({ type: 'chooseRegister' })}
          onBack={back}
        />
      );
    case 'connectCompany':
      return <ConnectCompanyStep uuid={uuid} onSignIn={toSignIn} onBack={back} />;
    case 'createAccount':
      return (
        <CreateAccountStep
          uuid={uuid}
          draft={account}
          onChange={setAccount}
          serverErrors={accountErrors}
          onFilled={() => answer({ type: 'accountFilled' })}
          onSignIn={toSignIn}
          onBack={back}
        />
      );
    case 'terms':
      return (
        <TermsStep
          uuid={uuid}
          draft={account}
          onCreated={(made) => {
            setTrial({ endsAt: made.trialEndsAt, organization: account.company.trim() });
            answer({ type: 'accountCreated' });
          }}
          onFieldError={(errors) => {
            setAccountErrors(errors);
            setStep('createAccount');
          }}
          onSignIn={toSignIn}
          onBack={back}
        />
      );
    case 'startTrial':
      return (
        <StartTrialStep
          trialEndsAt={trial?.endsAt ?? ''}
          organization={trial?.organization ?? ''}
          busy={busy}
          onContinue={() => void withView((v) => ({ type: 'trialStarted', view: viewFacts(v) }))}
        />
      );
    case 'selectOrganization':
      return (
        <SelectOrganizationStep
          organizations={view?.organizations ?? []}
          selected={organizationId}
          onChoose={(id) => {
            setOrganizationId(id);
            answer({ type: 'organizationChosen', rerun });
          }}
          onBack={back}
        />
      );
    case 'placeDevice':
      return (
        <PlaceDeviceStep
          unitType={view?.unit.type ?? unitType}
          serial={view?.unit.serial ?? ''}
          placement={placement}
          onChange={(patch) => setPlacement((p) => ({ ...p, ...patch }))}
          onPlaced={() => answer({ type: 'placed' })}
          onBack={back}
        />
      );
    case 'activating': {
      const name = placement.name.trim();
      return (
        <ActivatingStep
          uuid={uuid}
          request={{
            organizationId: organizationId ?? 0,
            position: placement.position,
            location: placement.location.trim(),
            ...(name ? { name } : {}),
          }}
          unitName={name || view?.unit.name || unitType}
          organizationName={organizationName}
          onBack={() => {
            setRerun(false);
            setStep('tag');
            void loadTag();
          }}
        />
      );
    }
    case 'notAllowed':
      return <NotAllowedStep onSignIn={toSignIn} onBack={back} />;
  }
}
