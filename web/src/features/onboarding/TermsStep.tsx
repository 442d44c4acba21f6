import { TERMS, TERMS_VERSION, TRIAL_DAYS } from '@fieldwatch/core';
import { CircleAlert, FileText, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http.ts';
import { policyError } from '@/lib/passwordErrors.ts';
import { clearAllState, storeSignIn } from '@/stores/session.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { type AccountDraft, type AccountErrors, accountBody } from './accountForm.ts';
import { EmailExists } from './EmailExists.tsx';
import { type CreatedAccount, onboardingApi } from './onboardingApi.ts';
import { Notice, StepFrame } from './StepFrame.tsx';

type Props = {
  uuid: string;
  draft: AccountDraft;
  onCreated: (account: CreatedAccount) => void;
  /** A field the server refused: back to the account step with it marked. */
  onFieldError: (errors: AccountErrors) => void;
  onSignIn: () => void;
  onBack: () => void;
};

/**
 * Step 4, terms: every term of version 2023_1, accepted with a checkbox. The acceptance
 * goes with createAccount, which the server records with the time, and which signs the person in.
 */
export function TermsStep({ uuid, draft, onCreated, onFieldError, onSignIn, onBack }: Props) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [emailExists, setEmailExists] = useState(false);
  const [failure, setFailure] = useState<string>();

  const fail = (e: unknown) => {
    const status = e instanceof ApiError ? e.status : undefined;
    const message = e instanceof Error ? e.message : '';
    if (status === 409 && /email/i.test(message)) return setEmailExists(true);
    if (status === 409) return onFieldError({ username: { key: 'onboarding.errors.usernameTaken' } });
    const policy = status === 400 ? policyError(message) : null;
    if (policy) return onFieldError({ password: policy });
    if (status === 429) return setFailure(t('onboarding.errors.tooManyAttempts'));
    if (status === 403) return setFailure(t('onboarding.tag.disabledText'));
    if (status === 0) return setFailure(t('errors.network', { message }));
    setFailure(t('onboarding.errors.createFailed', { message: message || t('errors.generic') }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!accepted);
    if (!accepted) return;
    setBusy(true);
    setFailure(undefined);
    setEmailExists(false);
    try {
      const made = await onboardingApi.createAccount(uuid, { ...accountBody(draft), terms: TERMS_VERSION });
      // The answer signed the person in (its cookie is set): store it as a login does.
      clearAllState();
      await storeSignIn(made.access, made.profile);
      onCreated(made);
    } catch (e) {
      setBusy(false);
      fail(e);
    }
  };

  return (
    <StepFrame
      phase="account"
      title={t('onboarding.terms.title')}
      text={t('onboarding.terms.text', { version: TERMS_VERSION })}
      icon={<FileText size={24} />}
      onBack={onBack}
    >
      <form className="onb__form" onSubmit={submit} noValidate>
        <section className="onb__terms" aria-labelledby="onb-terms-head">
          <h2 id="onb-terms-head" className="onb__subtitle">
            {t('onboarding.terms.version', { version: TERMS_VERSION })}
          </h2>
          <ul className="onb__terms-list">
            {TERMS.map(({ key, ...figures }) => (
              <li key={key}>{t(`onboarding.terms.items.${key}`, figures)}</li>
            ))}
          </ul>
          <p className="onb__hint">{t('onboarding.terms.trial', { weeks: TRIAL_DAYS / 7 })}</p>
        </section>
        <div className="onb__check">
          <input
            id="onb-accept"
            type="checkbox"
            checked={accepted}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'onb-accept-error' : undefined}
            onChange={(e) => {
              setAccepted(e.target.checked);
              if (e.target.checked) setMissing(false);
            }}
          />
          <label htmlFor="onb-accept">{t('onboarding.terms.accept', { version: TERMS_VERSION })}</label>
        </div>
        {missing && (
          <span id="onb-accept-error" className="field__error" role="alert">
            <CircleAlert size={14} aria-hidden /> {t('onboarding.terms.required')}
          </span>
        )}
        {emailExists && <EmailExists onSignIn={onSignIn} />}
        {failure && (
          <Notice tone="danger" icon={<CircleAlert size={20} />}>
            <p>{failure}</p>
          </Notice>
        )}
        <Button
          type="submit"
          variant="primary"
          block
          disabled={busy}
          icon={busy ? <Spinner /> : <UserPlus size={16} />}
        >
          {busy ? t('onboarding.terms.creating') : t('onboarding.terms.submit')}
        </Button>
      </form>
    </StepFrame>
  );
}
