import { LayoutDashboard, LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/ui/Button.tsx';
import { StepFrame } from './StepFrame.tsx';

/**
 * Signed in, but nowhere to place the unit: units are placed by a SuperUser, and only in the
 * organizations the tag allows. Another account may be allowed.
 */
export function NotAllowedStep({ onSignIn, onBack }: { onSignIn: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <StepFrame
      phase="place"
      title={t('onboarding.notAllowed.title')}
      text={t('onboarding.notAllowed.text')}
      icon={<ShieldAlert size={24} />}
      onBack={onBack}
    >
      <div className="onb__actions">
        <Button block onClick={onSignIn} icon={<LogIn size={16} className="mirror" />}>
          {t('onboarding.notAllowed.otherAccount')}
        </Button>
        <Link to="/dashboard/default" className="btn btn--block">
          <LayoutDashboard size={16} aria-hidden />
          {t('onboarding.tag.toDashboard')}
        </Link>
      </div>
    </StepFrame>
  );
}
