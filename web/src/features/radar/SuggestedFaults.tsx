import type { RadarFinding } from '@fieldwatch/core';
import { Check, Droplets, Unplug, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { NameDialog } from '@/ui/NameDialog.tsx';
import { formatNumber } from './radarMath.ts';
import './suggestedFaults.css';

/** What a finding is called, in the reader's language. */
export const findingKind = (t: (key: string) => string, f: Pick<RadarFinding, 'kind'>) =>
  t(f.kind === 'wet' ? 'radar.findings.wet' : 'radar.findings.break');

/**
 * The faults the analysis suggests on the channel, nearest first: what and where, how sure, and
 * Accept (it becomes a marker, named in the user's words) or Dismiss (not suggested again). Drawn
 * apart from people's markers, in the problem colour and dashed, on the plot too.
 */
export function SuggestedFaults({
  suggested,
  canDecide,
  busy,
  locale,
  onAccept,
  onDismiss,
}: {
  suggested: RadarFinding[];
  canDecide: boolean;
  busy: boolean;
  locale: string;
  onAccept: (finding: RadarFinding, name: string) => Promise<unknown>;
  onDismiss: (finding: RadarFinding) => void;
}) {
  const { t } = useTranslation();
  const [accepting, setAccepting] = useState<RadarFinding | null>(null);
  if (suggested.length === 0) return null;
  return (
    <section className="card radar-suggest" aria-labelledby="radar-suggest-title" data-testid="suggested-faults">
      <h2 id="radar-suggest-title" className="radar-suggest__title">
        {t('radar.findings.title')}
      </h2>
      <p className="radar-suggest__hint">{t('radar.findings.hint')}</p>
      <ul className="radar-suggest__list">
        {suggested.map((f) => {
          const kind = findingKind(t, f);
          const name = `${kind} · ${formatNumber(f.position, locale, 1)} m`;
          return (
            <li key={f.id} className="radar-suggest__item" data-finding={f.kind}>
              <span className="radar-suggest__icon" aria-hidden>
                {f.kind === 'wet' ? <Droplets size={18} /> : <Unplug size={18} />}
              </span>
              <div className="radar-suggest__main">
                <span className="radar-suggest__kind">{kind}</span>
                <span className="radar-suggest__pos">
                  {t('radar.findings.at', {
                    position: formatNumber(f.position, locale, 1),
                    uncertainty: formatNumber(f.uncertainty, locale, 1),
                  })}
                </span>
                <span className="radar-suggest__meta">
                  {t('radar.findings.confidence', { percent: formatNumber(f.confidence * 100, locale, 0) })}
                </span>
              </div>
              {canDecide && (
                <div className="radar-suggest__tools">
                  <Button
                    variant="primary"
                    icon={<Check size={16} aria-hidden />}
                    aria-label={t('radar.findings.acceptNamed', { name })}
                    disabled={busy}
                    onClick={() => setAccepting(f)}
                  >
                    {t('radar.findings.accept')}
                  </Button>
                  <Button
                    icon={<X size={16} aria-hidden />}
                    aria-label={t('radar.findings.dismissNamed', { name })}
                    disabled={busy}
                    onClick={() => onDismiss(f)}
                  >
                    {t('radar.findings.dismiss')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <NameDialog
        open={accepting !== null}
        title={t('radar.findings.acceptTitle')}
        nameLabel={t('radar.findings.markerName')}
        initial={
          accepting ? t(accepting.kind === 'wet' ? 'radar.findings.defaultWet' : 'radar.findings.defaultBreak') : ''
        }
        onClose={() => setAccepting(null)}
        onSubmit={(name) => (accepting ? onAccept(accepting, name) : Promise.resolve())}
      />
    </section>
  );
}
