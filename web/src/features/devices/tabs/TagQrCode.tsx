import './tagQrCode.css';
import { Download, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { Button } from '@/ui/Button.tsx';

/** Prints only the label: everything else on the page is hidden while the print dialog is open. */
function printLabel() {
  document.body.classList.add('print-tag');
  window.addEventListener('afterprint', () => document.body.classList.remove('print-tag'), { once: true });
  window.print();
}

/**
 * The QR code of a tag's onboarding link, the fallback for phones without NFC: shown,
 * downloadable as SVG for label printers, and printable as a label with the link under it.
 */
export function TagQrCode({ link, unitName }: { link: string; unitName: string }) {
  const { t } = useTranslation();
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 2 }))}`,
    [link],
  );
  return (
    <figure className="nfc-qr">
      <img className="nfc-qr__image" src={src} alt={t('devices.nfc.qrAlt', { link })} width={160} height={160} />
      <figcaption className="nfc-qr__caption">
        <strong>{unitName}</strong>
        <span className="nfc-qr__link">{link}</span>
        <span className="muted nfc-qr__help">{t('devices.nfc.qrHelp')}</span>
      </figcaption>
      <div className="nfc-qr__actions">
        <a className="btn btn--ghost" href={src} download={`${unitName.replace(/[^\w.-]+/g, '_')}-nfc.svg`}>
          <Download size={14} aria-hidden /> {t('devices.nfc.downloadQr')}
        </a>
        <Button variant="ghost" icon={<Printer size={14} aria-hidden />} onClick={printLabel}>
          {t('devices.nfc.print')}
        </Button>
      </div>
    </figure>
  );
}
