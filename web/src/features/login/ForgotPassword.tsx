import { validateBlank, validateEmail } from '@fieldwatch/core';
import { ArrowLeft, Mail, MailCheck } from 'lucide-react';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { resetApi } from './resetApi.ts';

/**
 * "Forgot password?": the account's e-mail address, then always the same confirmation, since the
 * server answers alike whether an account has the address or not.
 */
export function ForgotPassword({ back }: { back: To }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // The confirmation replaces the form the user was in: they continue from its title.
  const focus = useCallback((h: HTMLHeadingElement | null) => h?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = t('login.forgotEmail');
    const problem = validateBlank(email, name) ?? validateEmail(email, name);
    setError(problem ? t(problem.key, problem.params) : undefined);
    if (problem) return;
    setBusy(true);
    try {
      await resetApi.requestLink(email.trim());
      setSent(true);
    } catch (e) {
      toast(
        e instanceof ApiError && e.status === 0 ? t('errors.network', { message: e.message }) : t('errors.generic'),
        'danger',
      );
    } finally {
      setBusy(false);
    }
  };

  const backLink = (
    <Link to={back} className="login__link">
      <ArrowLeft size={16} aria-hidden className="mirror" />
      {t('login.forgotBack')}
    </Link>
  );
  if (sent)
    return (
      <>
        <div className="login__icon" aria-hidden>
          <MailCheck size={24} />
        </div>
        <h1 className="login__title" tabIndex={-1} ref={focus}>
          {t('login.forgotSentTitle')}
        </h1>
        <p className="login__subtitle" role="status">
          {t('login.forgotSent')}
        </p>
        {backLink}
      </>
    );
  return (
    <>
      <h1 className="login__title">{t('login.forgotTitle')}</h1>
      <p className="login__subtitle">{t('login.forgotText')}</p>
      <form className="login__form" onSubmit={submit} noValidate>
        <TextField
          label={t('login.forgotEmail')}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="primary" block disabled={busy} icon={busy ? <Spinner /> : <Mail size={16} />}>
          {busy ? t('login.forgotSending') : t('login.forgotSubmit')}
        </Button>
      </form>
      {backLink}
    </>
  );
}
