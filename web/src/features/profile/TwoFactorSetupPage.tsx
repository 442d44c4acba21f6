import './profile.css';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/lib/useDocumentTitle.ts';
import { signOut } from '@/stores/session.ts';
import { Button } from '@/ui/Button.tsx';
import { Logo } from '@/ui/Logo.tsx';
import { TwoFactorEnrol } from './TwoFactorEnrol.tsx';

/**
 * Where a user goes whom an organisation's policy requires to use two-factor sign-in before they
 * have set it up (the server refuses everything else with 403 two_factor_required): set it up, or
 * sign out. Once the recovery codes are saved, the app starts afresh.
 */
export function TwoFactorSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('twoFactor.setUp'));
  const navigate = useNavigate();
  return (
    <main className="two-factor-setup card" data-testid="two-factor-setup">
      <div className="two-factor-setup__brand">
        <Logo size={32} />
        {t('app.name')}
      </div>
      <div>
        <h1 className="two-factor-setup__title">{t('twoFactor.setUp')}</h1>
        <p className="two-factor__text">{t('twoFactor.required.text')}</p>
      </div>
      <TwoFactorEnrol onDone={() => window.location.assign('/')} />
      <Button
        variant="ghost"
        icon={<LogOut size={16} className="mirror" aria-hidden />}
        onClick={async () => {
          await signOut();
          void navigate('/login');
        }}
      >
        {t('twoFactor.required.signOut')}
      </Button>
    </main>
  );
}
