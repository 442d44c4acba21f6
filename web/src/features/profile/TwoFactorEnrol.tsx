import type { TwoFactorEnrolment } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { errorText } from '@/lib/errorText.ts';
import { ApiError } from '@/lib/http.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { RecoveryCodeList } from './RecoveryCodeList.tsx';
import { groupsOfFour, twoFactorApi, twoFactorQuery } from './twoFactorApi.ts';

/**
 * Setting up two-factor sign-in: the server makes a secret, shown as a QR code for the
 * authenticator app and typed in groups of four; a code from the app confirms it, then the ten
 * recovery codes are shown once. Used in the profile and on the screen a policy sends a user to.
 */
export function TwoFactorEnrol({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const start = useMutation({
    mutationFn: twoFactorApi.enrol,
    onSuccess: setEnrolment,
    onError: (e) => toast(errorText(e), 'danger'),
  });
  const confirm = useMutation({
    mutationFn: (value: string) => twoFactorApi.confirm(value),
    onSuccess: (answer) => {
      setCodes(answer.recoveryCodes);
      toast(t('twoFactor.turnedOn'), 'success');
      void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 417) setError(t('login.twoFactor.wrong'));
      else toast(errorText(e), 'danger');
    },
  });
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);
  const qr = useMemo(
    () =>
      enrolment &&
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(enrolment.uri, { border: 2, pixelSize: 6 }))}`,
    [enrolment],
  );

  if (codes) return <RecoveryCodeList codes={codes} onDone={onDone} />;
  if (!enrolment || !qr)
    return (
      <div className="two-factor__loading">
        {start.isError ? <Button onClick={() => begin()}>{t('common.retry')}</Button> : <Spinner />}
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setError(t('twoFactor.codeInvalid'));
    setError(undefined);
    confirm.mutate(value);
  };
  return (
    <div className="two-factor__enrol" data-testid="two-factor-enrol">
      <p className="two-factor__text">{t('twoFactor.scan')}</p>
      <div className="two-factor__pair">
        {/* The code stays dark on light in both themes: phone cameras read it best so. */}
        <img className="two-factor__qr" src={qr} alt={t('twoFactor.qrAlt')} width={180} height={180} />
        <div className="two-factor__secret">
          <span className="two-factor__text">{t('twoFactor.typeInstead')}</span>
          <code className="two-factor__key" data-testid="two-factor-secret">
            {groupsOfFour(enrolment.secret)}
          </code>
        </div>
      </div>
      <form className="profile-form" onSubmit={submit} noValidate>
        <TextField
          label={t('twoFactor.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          help={t('twoFactor.codeHelp')}
          error={error}
          data-testid="two-factor-confirm-code"
        />
        <div className="two-factor__actions">
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
          <Button
            type="submit"
            variant="primary"
            icon={<ShieldCheck size={16} aria-hidden />}
            disabled={confirm.isPending}
          >
            {t('twoFactor.confirm')}
          </Button>
        </div>
      </form>
    </div>
  );
}
