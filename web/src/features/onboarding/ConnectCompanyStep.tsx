import { Building2, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { StepFrame } from './StepFrame.tsx';

/**
 * Step 6, connect company: a company already on the product adds its people itself, so a second
 * trial organisation is not the way in. An administrator invites them; they then sign in here.
 */
export function ConnectCompanyStep({ onSignIn, onBack }: { onSignIn: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <StepFrame
      phase="account"
      title={t('onboarding.connect.title')}
      text={t('onboarding.connect.text')}
      icon={<Building2 size={24} />}
      onBack={onBack}
    >
      <ol className="onb__list">
        <li>{t('onboarding.connect.step1')}</li>
        <li>
          {t('onboarding.connect.step2')} <strong className="onb__path">{t('onboarding.connect.path')}</strong>
        </li>
        <li>{t('onboarding.connect.step3')}</li>
        <li>{t('onboarding.connect.step4')}</li>
      </ol>
      <Button block variant="primary" onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
        {t('onboarding.connect.signIn')}
      </Button>
    </StepFrame>
  );
}
