import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';

/** Ten recovery codes, shown once: copy or download them before `onDone`. */
export function RecoveryCodeList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard?.writeText(text).then(
      () => toast(t('twoFactor.copied'), 'success'),
      () => toast(t('admin.copyFailed'), 'danger'),
    );
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <section className="two-factor__codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="two-factor__heading">
        {t('twoFactor.codesTitle')}
      </h3>
      <p className="profile-note">{t('twoFactor.codesIntro')}</p>
      <ol className="two-factor__code-list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor__actions">
        <Button variant="ghost" icon={<Copy size={14} aria-hidden />} onClick={() => void copy()}>
          {t('twoFactor.copy')}
        </Button>
        <a className="btn btn--ghost" href={href} download="fieldwatch-recovery-codes.txt">
          <Download size={14} aria-hidden /> {t('twoFactor.download')}
        </a>
        <Button variant="primary" onClick={onDone} data-testid="recovery-codes-saved">
          {t('twoFactor.saved')}
        </Button>
      </div>
    </section>
  );
}
