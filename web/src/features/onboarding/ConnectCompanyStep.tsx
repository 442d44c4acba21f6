import {
  ACCOUNT_URL_PATTERN,
  isPhoneNumber,
  JOIN_MESSAGE_MAX,
  type ValidationError,
  validateBlank,
  validateEmail,
} from '@fieldwatch/core';
import { Building2, LogIn, MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { onboardingApi } from './onboardingApi.ts';
import { StepFrame } from './StepFrame.tsx';

type Draft = { accountUrl: string; name: string; email: string; phone: string; message: string };
type Field = keyof Draft;
const EMPTY: Draft = { accountUrl: '', name: '', email: '', phone: '', message: '' };
const ACCOUNT_URL = new RegExp(ACCOUNT_URL_PATTERN);

/** The account URL as typed or pasted: its last part after /a/ when a whole address is given. */
export const accountUrlOf = (text: string) =>
  (text.trim().match(/\/a\/([^/?#]+)/)?.[1] ?? text.trim()).replace(/\/+$/, '').toLowerCase();

function problems(d: Draft, label: (f: Field) => string): Partial<Record<Field, ValidationError>> {
  const out: Partial<Record<Field, ValidationError>> = {};
  const url = accountUrlOf(d.accountUrl);
  const blank = validateBlank(url, label('accountUrl'));
  if (blank) out.accountUrl = blank;
  else if (!ACCOUNT_URL.test(url)) out.accountUrl = { key: 'admin.general.accountUrlPattern' };
  const name = validateBlank(d.name, label('name'));
  if (name) out.name = name;
  const email = validateBlank(d.email, label('email')) ?? validateEmail(d.email, label('email'));
  if (email) out.email = email;
  if (!isPhoneNumber(d.phone)) out.phone = { key: 'onboarding.account.phoneInvalid' };
  return out;
}

/**
 * Step 6, connect company: a company already on the product takes its people in itself, so a
 * second trial organization is not the way in. The person asks the organization of an account URL;
 * its administrators see the request at once and accept it (the invitation to set a password
 * follows by e-mail) or decline it. Someone already invited signs in instead.
 */
export function ConnectCompanyStep({
  uuid,
  onSignIn,
  onBack,
}: {
  uuid: string;
  onSignIn: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationError>>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The person's own fields read as on the create-account step.
  const label = (f: Field) =>
    t(
      f === 'name' || f === 'email'
        ? `onboarding.account.${f}`
        : f === 'phone'
          ? 'onboarding.account.phoneOptional'
          : `onboarding.connect.${f}`,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problems(draft, label);
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const phone = draft.phone.trim();
      const message = draft.message.trim();
      const answer = await onboardingApi.joinRequest(uuid, {
        accountUrl: accountUrlOf(draft.accountUrl),
        name: draft.name.trim(),
        email: draft.email.trim(),
        ...(phone ? { phone } : {}),
        ...(message ? { message } : {}),
      });
      setSent(answer.organization);
    } catch (e) {
      const status = e instanceof ApiError ? e.status : 0;
      if (status === 404) setErrors({ accountUrl: { key: 'onboarding.connect.unknownUrl' } });
      else setFailed(status === 429 ? 'onboarding.connect.tooMany' : 'onboarding.connect.failed');
    } finally {
      setBusy(false);
    }
  };

  if (sent !== null) {
    return (
      <StepFrame
        phase="account"
        title={t('onboarding.connect.sentTitle', { organization: sent })}
        text={t('onboarding.connect.sentText', { email: draft.email.trim() })}
        icon={<MailCheck size={24} />}
      >
        <Button block onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
          {t('onboarding.connect.signIn')}
        </Button>
      </StepFrame>
    );
  }

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label(name)}
      name={name}
      value={draft[name]}
      error={errors[name] && t(errors[name].key, errors[name].params)}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      {...extra}
    />
  );
  return (
    <StepFrame
      phase="account"
      title={t('onboarding.connect.title')}
      text={t('onboarding.connect.text')}
      icon={<Building2 size={24} />}
      onBack={onBack}
    >
      <form className="onb__form" onSubmit={submit} noValidate>
        {field('accountUrl', {
          autoCapitalize: 'none',
          spellCheck: false,
          dir: 'ltr',
          help: t('onboarding.connect.accountUrlHelp', { example: `${window.location.host}/a/nordic-heat` }),
        })}
        {field('name', { autoComplete: 'name', maxLength: 200 })}
        {field('email', { type: 'email', autoComplete: 'email', autoCapitalize: 'none', maxLength: 254 })}
        {field('phone', { type: 'tel', autoComplete: 'tel', maxLength: 40 })}
        {field('message', { maxLength: JOIN_MESSAGE_MAX })}
        {failed && (
          <p className="field__error" role="alert">
            {t(failed)}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          block
          disabled={busy}
          icon={busy ? <Spinner /> : <Send size={16} className="mirror" />}
        >
          {t('onboarding.connect.send')}
        </Button>
      </form>
      <Button block variant="ghost" onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
        {t('onboarding.connect.signIn')}
      </Button>
    </StepFrame>
  );
}
