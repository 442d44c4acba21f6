import { validateBlank } from '@fieldwatch/core';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { signIn } from '@/stores/session.ts';
import { Button } from '@/ui/Button.tsx';
import { PasswordField } from '@/ui/PasswordField.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { StepFrame } from './StepFrame.tsx';

type Props = { onSignedIn: () => Promise<void>; onRegister: () => void; onBack: () => void };

/**
 * Sign in with an existing account: the same sign-in as the login page (state cleared, access and
 * profile stored), after which the flow continues with this tag instead of going to the dashboard.
 */
export function SignInStep({ onSignedIn, onRegister, onBack }: Props) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const errorText = (e: unknown) => {
    if (!(e instanceof ApiError)) return t('errors.generic');
    if (e.status === 417) return t('errors.invalidCredentials');
    if (e.status === 429) return t('errors.tooManyAttempts', { seconds: /\d+/.exec(e.message)?.[0] ?? '30' });
    if (e.status === 0) return t('errors.network', { message: e.message });
    return t('errors.generic');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = (e: ReturnType<typeof validateBlank>) => (e ? t(e.key, e.params) : undefined);
    const found = {
      username: message(validateBlank(username, t('login.username'))),
      password: message(validateBlank(password, t('login.password'))),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    try {
      // An account with two-factor sign-in finishes on the sign-in page, which comes back to this tag.
      if (await signIn(username.trim(), password)) {
        void navigate(`/login?redirect=${encodeURIComponent(location.pathname)}`);
        return;
      }
    } catch (e) {
      toast(errorText(e), 'danger');
      setBusy(false);
      return;
    }
    // The page says itself when the tag cannot be read; the form is usable again either way.
    await onSignedIn();
    setBusy(false);
  };

  return (
    <StepFrame phase="account" title={t('login.title')} text={t('onboarding.signIn.text')} onBack={onBack}>
      <form className="onb__form" onSubmit={submit} noValidate>
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
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
        {/* The password reset link: the sign-in page's own "Forgot password?" form. */}
        <Link to="/login?forgot=1" className="onb__forgot">
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
      <p className="onb__footer">
        {t('onboarding.signIn.noAccount')}{' '}
        <button type="button" className="onb__link" onClick={onRegister}>
          {t('onboarding.signIn.register')}
        </button>
      </p>
    </StepFrame>
  );
}
