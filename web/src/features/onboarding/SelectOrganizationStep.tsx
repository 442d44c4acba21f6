import type { TagOnboardingView } from '@fieldwatch/core';
import { ArrowRight, Building2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { StepFrame } from './StepFrame.tsx';

type Props = {
  organizations: TagOnboardingView['organizations'];
  selected: number | null;
  onChoose: (id: number) => void;
  onBack: () => void;
};

/** Step 7, select organization: where the unit goes, among those the user may place it in. */
export function SelectOrganizationStep({ organizations, selected, onChoose, onBack }: Props) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(selected ?? organizations[0]?.id ?? null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice !== null) onChoose(choice);
  };
  return (
    <StepFrame
      phase="place"
      title={t('onboarding.organization.title')}
      text={t('onboarding.organization.text')}
      icon={<Building2 size={24} />}
      onBack={onBack}
    >
      <form className="onb__form" onSubmit={submit}>
        <fieldset className="onb__fieldset">
          <legend className="visually-hidden">{t('onboarding.organization.title')}</legend>
          <div className="onb__radios">
            {organizations.map((o) => (
              <label key={o.id} className="onb__radio">
                <input
                  type="radio"
                  name="organization"
                  value={o.id}
                  checked={choice === o.id}
                  onChange={() => setChoice(o.id)}
                />
                <span>{o.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" variant="primary" block icon={<ArrowRight size={16} className="mirror" />}>
          {t('onboarding.organization.next')}
        </Button>
      </form>
    </StepFrame>
  );
}
