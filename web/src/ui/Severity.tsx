import './severity.css';
import { SEVERITIES, SEVERITY_TABLE, type Severity } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';

/**
 * The one severity vocabulary of the interface (core/src/events/severity.ts): an event's category,
 * a notification's priority and a task's category all show as their severity, with its word, its
 * status colour and its one-sentence explanation as the tooltip (colour never alone, STYLE.md).
 */
export function SeverityDot({ severity }: { severity: Severity }) {
  return <span className={`sev-dot sev-dot--${SEVERITY_TABLE[severity].color}`} data-severity={severity} aria-hidden />;
}

export function SeverityChip({ severity, className }: { severity: Severity; className?: string }) {
  const { t } = useTranslation();
  const facts = SEVERITY_TABLE[severity];
  return (
    <span
      className={['sev', `sev--${facts.color}`, className].filter(Boolean).join(' ')}
      data-severity={severity}
      title={t(facts.explain)}
    >
      <SeverityDot severity={severity} />
      {t(facts.label)}
    </span>
  );
}

/** Every severity with its sentence, most severe first: the legend beside a list of chips. */
export function SeverityLegend({ open = false }: { open?: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="sev-legend" open={open}>
      <summary>{t('severity.legend')}</summary>
      <dl>
        {[...SEVERITIES].reverse().map((s) => (
          <div key={s} className="sev-legend__row">
            <dt>
              <SeverityChip severity={s} />
            </dt>
            <dd>{t(SEVERITY_TABLE[s].explain)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
