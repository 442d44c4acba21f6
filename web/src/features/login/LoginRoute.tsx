import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { signIn, signInWithCode } from '@/stores/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPassword } from './ForgotPassword.tsx';
import { followLanguage, mountSignIn } from './LoginPage.ts';

/**
 * The app's /login (after a sign-out, an expired session, a link back from the forgotten-password
 * form): the sign-in card of LoginPage.ts, or with ?forgot=1 the forgotten-password form in its place.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.login'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const host = useRef<HTMLDivElement>(null);
  const forgot = params.get('forgot') === '1';

  useEffect(() => {
    const container = host.current;
    if (forgot || !container) return;
    let leave: (() => void) | undefined;
    let left = false;
    void followLanguage().then(({ texts, stop }) => {
      const remove = mountSignIn(
        container,
        { signIn, signInWithCode, go: (to, replace) => void navigate(to, { replace }) },
        texts,
      );
      leave = () => {
        stop();
        remove();
      };
      if (left) leave();
    });
    return () => {
      left = true;
      leave?.();
    };
  }, [forgot, navigate]);

  if (!forgot) return <div ref={host} className="auth__host" />;
  const back = new URLSearchParams(params);
  back.delete('forgot');
  return (
    <AuthCard>
      <ForgotPassword back={{ pathname: '/login', search: back.toString() }} />
    </AuthCard>
  );
}
