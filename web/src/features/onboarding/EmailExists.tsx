import { LogIn, MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Notice } from './StepFrame.tsx';

/** The 'e-mail already exists' error of the NFC onboarding, with its advice: use a different e-mail, or sign in. */
export function EmailExists({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="danger" icon={<MailWarning size={20} />}>
      <p className="onb__notice-title">{t('onboarding.errors.emailExists')}</p>
      <p>{t('onboarding.errors.emailExistsAdvice')}</p>
      <Button onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
        {t('onboarding.errors.signInInstead')}
      </Button>
    </Notice>
  );
}
