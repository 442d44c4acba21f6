import { Building2, LogIn, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StepFrame } from './StepFrame.tsx';

type Props = { onSignIn: () => void; onRegister: () => void; onConnect: () => void; onBack: () => void };

/** Step 2, login or register: an existing account, a new one, or a company already using the product. */
export function LoginOrRegisterStep({ onSignIn, onRegister, onConnect, onBack }: Props) {
  const { t } = useTranslation();
  const choice = (icon: ReactNode, title: string, text: string, onClick: () => void, primary = false) => (
    <button type="button" className={`onb__choice${primary ? ' onb__choice--primary' : ''}`} onClick={onClick}>
      <span className="onb__choice-icon" aria-hidden>
        {icon}
      </span>
      <span className="onb__choice-body">
        <span className="onb__choice-title">{title}</span>
        <span className="onb__choice-text">{text}</span>
      </span>
    </button>
  );
  return (
    <StepFrame phase="account" title={t('onboarding.choose.title')} text={t('onboarding.choose.text')} onBack={onBack}>
      <div className="onb__choices">
        {choice(
          <UserPlus size={20} />,
          t('onboarding.choose.register'),
          t('onboarding.choose.registerText'),
          onRegister,
          true,
        )}
        {choice(
          <LogIn size={20} className="mirror" />,
          t('onboarding.choose.signIn'),
          t('onboarding.choose.signInText'),
          onSignIn,
        )}
        {choice(<Building2 size={20} />, t('onboarding.choose.connect'), t('onboarding.choose.connectText'), onConnect)}
      </div>
    </StepFrame>
  );
}
