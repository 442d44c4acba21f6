import { safeRedirect, validateBlank } from '@fieldwatch/core';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { signIn } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPassword } from './ForgotPassword.tsx';
import './login.css';

type Errors = { username?: string; password?: string };

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.login'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const validate = (): Errors => {
    const message = (e: ReturnType<typeof validateBlank>) => (e ? t(e.key, e.params) : undefined);
    return {
      username: message(validateBlank(username, t('login.username'))),
      password: message(validateBlank(password, t('login.password'))),
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    try {
      await signIn(username.trim(), password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setBusy(false);
      toast(errorText(e), 'danger');
    }
  };

  const errorText = (e: unknown) => {
    if (!(e instanceof ApiError)) return t('errors.generic');
    if (e.status === 417) return t('errors.invalidCredentials');
    if (e.status === 429) return t('errors.tooManyAttempts', { seconds: /\d+/.exec(e.message)?.[0] ?? '30' });
    if (e.status === 0) return t('errors.network', { message: e.message });
    return t('errors.generic');
  };

  // The forgotten-password form takes the sign-in form's place (?forgot=1, so a link can open it).
  const withForgot = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('forgot', '1');
    else next.delete('forgot');
    return { pathname: '/login', search: next.toString() };
  };
  if (params.get('forgot') === '1')
    return (
      <AuthCard>
        <ForgotPassword back={withForgot(false)} />
      </AuthCard>
    );

  return (
    <AuthCard>
      <h1 className="login__title">{t('login.title')}</h1>
      <p className="login__subtitle">{t('login.subtitle')}</p>
      <form className="login__form" onSubmit={submit} noValidate>
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Link to={withForgot(true)} className="login__forgot">
          {t('login.forgot')}
        </Link>
        <Button
          type="submit"
          variant="primary"
          block
          disabled={busy}
          icon={busy ? <Spinner /> : <LogIn size={16} className="mirror" />}
        >
          {busy ? t('login.signingIn') : t('login.submit')}
        </Button>
      </form>
      <p className="login__footer">{t('login.footer')}</p>
    </AuthCard>
  );
}
