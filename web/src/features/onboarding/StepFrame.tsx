import { ArrowLeft, Check } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/ui/Logo.tsx';
import { PHASES, type Phase } from './flow.ts';

type Props = {
  phase: Phase;
  title: string;
  text?: ReactNode;
  icon?: ReactNode;
  /** Shown when the step has a way back. */
  onBack?: () => void;
  wide?: boolean;
  children?: ReactNode;
};

/**
 * The card every onboarding step sits in: the brand, where the person is (account, place,
 * activate), a way back, and the step's title, which takes the focus as the step replaces the
 * previous one, so keyboard and screen reader users continue from there.
 */
export function StepFrame({ phase, title, text, icon, onBack, wide, children }: Props) {
  const { t } = useTranslation();
  const focus = useCallback((h: HTMLHeadingElement | null) => h?.focus(), []);
  const current = PHASES.indexOf(phase);
  return (
    <main className={`onb card${wide ? ' onb--wide' : ''}`}>
      <div className="onb__top">
        <div className="onb__brand">
          <Logo size={28} />
          <span className="onb__name">{t('app.name')}</span>
        </div>
        <ol className="onb__phases" aria-label={t('onboarding.phases.label')}>
          {PHASES.map((p, i) => (
            <li
              key={p}
              className={`onb__phase${i < current ? ' onb__phase--done' : ''}`}
              aria-current={i === current ? 'step' : undefined}
            >
              <span className="onb__phase-mark" aria-hidden>
                {i < current ? <Check size={12} /> : i + 1}
              </span>
              <span className="onb__phase-name">{t(`onboarding.phases.${p}`)}</span>
            </li>
          ))}
        </ol>
      </div>
      {onBack && (
        <button type="button" className="onb__back" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden className="mirror" />
          {t('onboarding.back')}
        </button>
      )}
      {icon && (
        <div className="onb__icon" aria-hidden>
          {icon}
        </div>
      )}
      <h1 className="onb__title" tabIndex={-1} ref={focus}>
        {title}
      </h1>
      {text && <p className="onb__text">{text}</p>}
      {children}
    </main>
  );
}

/** A problem the step explains in words (never by colour alone), with what can be done. */
export function Notice({
  tone = 'info',
  icon,
  children,
}: {
  tone?: 'info' | 'danger' | 'success';
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`onb__notice onb__notice--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className="onb__notice-icon" aria-hidden>
        {icon}
      </span>
      <div className="onb__notice-body">{children}</div>
    </div>
  );
}
