import { PASSWORD_MIN_LENGTH } from '@fieldwatch/core';
import { ArrowRight } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { type AccountDraft, type AccountErrors, type AccountField, validateAccount } from './accountForm.ts';
import { EmailExists } from './EmailExists.tsx';
import { onboardingApi } from './onboardingApi.ts';
import { StepFrame } from './StepFrame.tsx';

type Props = {
  uuid: string;
  draft: AccountDraft;
  onChange: (draft: AccountDraft) => void;
  /** Problems the server found on the way back from the terms (username taken, password policy). */
  serverErrors: AccountErrors;
  onFilled: () => void;
  onSignIn: () => void;
  onBack: () => void;
};

const AUTOCOMPLETE: Record<AccountField, string> = {
  username: 'username',
  name: 'name',
  email: 'email',
  phone: 'tel',
  password: 'new-password',
  repeat: 'new-password',
  company: 'organization',
};
const TYPE: Partial<Record<AccountField, string>> = {
  email: 'email',
  phone: 'tel',
  password: 'password',
  repeat: 'password',
};

/**
 * Step 3, create account: the user and their organization together. The rules' texts show on each
 * field; the e-mail is checked against existing accounts before the terms, so a person who already
 * has one is told so (and offered sign-in) before they read and accept anything.
 */
export function CreateAccountStep({ uuid, draft, onChange, serverErrors, onFilled, onSignIn, onBack }: Props) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<AccountErrors>(serverErrors);
  const [exists, setExists] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = (field: AccountField) => t(`onboarding.account.${field}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccount(draft, label);
    setErrors(found);
    setExists(false);
    if (Object.keys(found).length) return;
    setBusy(true);
    // The check is a courtesy (rate-limited): if it cannot answer, createAccount checks again.
    const known = await onboardingApi.userExists(uuid, draft.email).catch(() => ({ exists: false }));
    setBusy(false);
    if (known.exists) setExists(true);
    else onFilled();
  };

  const field = (name: AccountField, help?: string) => {
    const error = errors[name];
    return (
      <TextField
        label={name === 'phone' ? t('onboarding.account.phoneOptional') : label(name)}
        name={name}
        type={TYPE[name] ?? 'text'}
        autoComplete={AUTOCOMPLETE[name]}
        autoCapitalize={name === 'username' || name === 'email' ? 'none' : undefined}
        value={draft[name]}
        error={error && t(error.key, error.params)}
        help={help}
        onChange={(e) => {
          onChange({ ...draft, [name]: e.target.value });
          if (name === 'email') setExists(false);
        }}
      />
    );
  };

  return (
    <StepFrame
      phase="account"
      title={t('onboarding.account.title')}
      text={t('onboarding.account.text')}
      onBack={onBack}
      wide
    >
      <form className="onb__form" onSubmit={submit} noValidate>
        <fieldset className="onb__fieldset">
          <legend className="onb__legend">{t('onboarding.account.you')}</legend>
          <div className="onb__grid">
            {field('name')}
            {field('username')}
            {field('email')}
            {field('phone')}
            {field('password', t('onboarding.account.passwordHelp', { min: PASSWORD_MIN_LENGTH }))}
            {field('repeat')}
          </div>
        </fieldset>
        {exists && <EmailExists onSignIn={onSignIn} />}
        <fieldset className="onb__fieldset">
          <legend className="onb__legend">{t('onboarding.account.organization')}</legend>
          {field('company', t('onboarding.account.companyHelp'))}
        </fieldset>
        <Button
          type="submit"
          variant="primary"
          block
          disabled={busy}
          icon={busy ? <Spinner /> : <ArrowRight size={16} className="mirror" />}
        >
          {t('onboarding.account.next')}
        </Button>
      </form>
    </StepFrame>
  );
}
