import type { ValidationError } from '@fieldwatch/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, KeyRound, LinkIcon, LogIn } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/http.ts';
import { passwordErrors, policyError } from '@/lib/passwordErrors.ts';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { isTokenShaped, resetApi, resetTokenQuery } from './resetApi.ts';
import './login.css';

const status = (e: unknown) => (e instanceof ApiError ? e.status : undefined);

/** What a finished step shows: an icon, a title, a text and one way on. */
function Outcome(props: { icon: ReactNode; title: string; text: string; to: string; action: string }) {
  // The form the user was in is gone: keyboard and screen reader users continue from the outcome.
  const focus = useCallback((h: HTMLHeadingElement | null) => h?.focus(), []);
  return (
    <>
      <div className="login__icon" aria-hidden>
        {props.icon}
      </div>
      <h1 className="login__title" tabIndex={-1} ref={focus}>
        {props.title}
      </h1>
      <p className="login__subtitle" role="status">
        {props.text}
      </p>
      <Link to={props.to} className="btn btn--primary btn--block">
        {props.action}
      </Link>
    </>
  );
}

/**
 * /reset-password?token=…[&invite=1]: the link of a reset or invitation mail. The token is checked
 * first; a live one gets a new password (twice, by the password rules), a dead one the expired-link text
 * and a way to ask for a new link.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
  const title = t(invite ? 'reset.inviteTitle' : 'reset.title');
  useDocumentTitle(title);
  const [texts, setTexts] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<{ password?: ValidationError; repeat?: ValidationError }>({});
  const check = useQuery(resetTokenQuery(token));
  const save = useMutation({
    mutationFn: () => resetApi.changePassword(token, texts.password),
    onError: (e) => {
      const policy = status(e) === 400 ? policyError(e.message) : null;
      if (policy) setErrors({ password: policy });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = passwordErrors(texts.password, texts.repeat);
    setErrors(found);
    if (!found.password && !found.repeat) save.mutate();
  };

  const content = () => {
    // A dead link: malformed, expired or used (410), or spent between the check and the save.
    const dead = !isTokenShaped(token) || [400, 404, 410].includes(status(check.error) ?? 0);
    if (dead || status(save.error) === 410)
      return (
        <Outcome
          icon={<LinkIcon size={24} aria-hidden />}
          title={t('reset.expired')}
          text={t('reset.expiredText')}
          to="/login?forgot=1"
          action={t('reset.requestNew')}
        />
      );
    if (save.isSuccess)
      return (
        <Outcome
          icon={<CircleCheck size={24} aria-hidden />}
          title={t('reset.successTitle')}
          text={t('reset.successText')}
          to="/login"
          action={t('reset.signIn')}
        />
      );
    if (check.isError)
      return (
        <>
          <h1 className="login__title">{title}</h1>
          <p className="login__subtitle" role="alert">
            {t('errors.generic')}
          </p>
          <Button block onClick={() => void check.refetch()}>
            {t('common.retry')}
          </Button>
        </>
      );
    if (!check.data)
      return (
        <p className="login__checking" role="status">
          <Spinner /> {t('reset.checking')}
        </p>
      );
    const { username } = check.data;
    const failed = save.error && !errors.password ? t('reset.failed', { message: save.error.message }) : null;
    const field = (name: 'password' | 'repeat', label: string) => {
      const error = errors[name];
      return (
        <TextField
          label={label}
          name={name}
          type="password"
          autoComplete="new-password"
          value={texts[name]}
          error={error && t(error.key, error.params)}
          onChange={(e) => setTexts((s) => ({ ...s, [name]: e.target.value }))}
        />
      );
    };
    return (
      <>
        <h1 className="login__title">{title}</h1>
        <p className="login__subtitle">{t(invite ? 'reset.greeting' : 'reset.forUser', { username })}</p>
        <form className="login__form" onSubmit={submit} noValidate>
          {/* The username lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {field('password', t('reset.newPassword'))}
          {field('repeat', t('reset.repeatPassword'))}
          {failed && (
            <p className="field__error" role="alert">
              {failed}
            </p>
          )}
          <Button
            type="submit"
            variant="primary"
            block
            disabled={save.isPending}
            icon={save.isPending ? <Spinner /> : <KeyRound size={16} aria-hidden />}
          >
            {save.isPending ? t('reset.saving') : t('reset.submit')}
          </Button>
        </form>
        <Link to="/login" className="login__link">
          <LogIn size={16} aria-hidden className="mirror" />
          {t('reset.signIn')}
        </Link>
      </>
    );
  };

  return <AuthCard>{content()}</AuthCard>;
}
