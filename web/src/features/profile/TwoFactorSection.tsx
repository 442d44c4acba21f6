import type { TwoFactorProofBody } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { RecoveryCodeList } from './RecoveryCodeList.tsx';
import { TwoFactorEnrol } from './TwoFactorEnrol.tsx';
import { twoFactorApi, twoFactorQuery } from './twoFactorApi.ts';

type Asking = null | 'disable' | 'codes';

/** Two-factor sign-in in the profile: its state, setting it up, new recovery codes, turning it off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQuery);
  const [enrolling, setEnrolling] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });

  const body = () => {
    if (!status.data) return <Skeleton lines={3} />;
    if (codes)
      return (
        <RecoveryCodeList
          codes={codes}
          onDone={() => {
            setCodes(null);
            refresh();
          }}
        />
      );
    if (enrolling) return <TwoFactorEnrol onDone={() => setEnrolling(false)} onCancel={() => setEnrolling(false)} />;
    const { enabled, required, recoveryCodesLeft } = status.data;
    return (
      <>
        <p className="two-factor__state" data-testid="two-factor-state" data-enabled={enabled}>
          {enabled ? <ShieldCheck size={16} aria-hidden /> : <ShieldOff size={16} aria-hidden />}
          {t(enabled ? 'twoFactor.statusOn' : 'twoFactor.statusOff')}
        </p>
        {required && <p className="profile-note">{t('twoFactor.requiredByPolicy')}</p>}
        {enabled && <p className="two-factor__text">{t('twoFactor.codesLeft', { count: recoveryCodesLeft })}</p>}
        <div className="two-factor__actions">
          {!enabled && (
            <Button variant="primary" icon={<ShieldCheck size={16} aria-hidden />} onClick={() => setEnrolling(true)}>
              {t('twoFactor.setUp')}
            </Button>
          )}
          {enabled && (
            <Button icon={<KeyRound size={16} aria-hidden />} onClick={() => setAsking('codes')}>
              {t('twoFactor.newCodes')}
            </Button>
          )}
          {enabled && !required && (
            <Button variant="danger" icon={<ShieldOff size={16} aria-hidden />} onClick={() => setAsking('disable')}>
              {t('twoFactor.turnOff')}
            </Button>
          )}
        </div>
      </>
    );
  };

  return (
    <section className="profile-panel profile-panel--narrow card two-factor" aria-labelledby="two-factor-title">
      <div>
        <h2 id="two-factor-title" className="two-factor__title">
          {t('twoFactor.title')}
        </h2>
        <p className="two-factor__text">{t('twoFactor.intro')}</p>
      </div>
      {body()}
      <ProofDialog
        asking={asking}
        onClose={() => setAsking(null)}
        onDone={(answer) => {
          setAsking(null);
          if (answer) setCodes(answer);
          else toast(t('twoFactor.turnedOff'), 'success');
          refresh();
        }}
      />
    </section>
  );
}

/** Asks for a current code (or recovery code) or the password before turning off or making new codes. */
function ProofDialog({
  asking,
  onClose,
  onDone,
}: {
  asking: Asking;
  onClose: () => void;
  onDone: (codes: string[] | null) => void;
}) {
  const { t } = useTranslation();
  const [byPassword, setByPassword] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValue('');
    setByPassword(false);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim() || busy) return;
    const proof: TwoFactorProofBody = byPassword ? { password: value } : { code: value.trim() };
    setBusy(true);
    try {
      if (asking === 'disable') {
        await twoFactorApi.disable(proof);
        onDone(null);
      } else onDone((await twoFactorApi.newRecoveryCodes(proof)).recoveryCodes);
      setValue('');
    } catch (error) {
      toast(errorText(error), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={asking !== null}
      onOpenChange={(open) => !open && close()}
      title={t(asking === 'disable' ? 'twoFactor.turnOff' : 'twoFactor.newCodes')}
      description={t(asking === 'disable' ? 'twoFactor.turnOffText' : 'twoFactor.newCodesText')}
    >
      <form className="profile-form" onSubmit={submit} noValidate>
        <p className="two-factor__text">{t('twoFactor.proofText')}</p>
        <TextField
          key={byPassword ? 'password' : 'code'}
          label={t(byPassword ? 'twoFactor.proofPassword' : 'twoFactor.proofCode')}
          name={byPassword ? 'password' : 'code'}
          type={byPassword ? 'password' : 'text'}
          autoComplete={byPassword ? 'current-password' : 'one-time-code'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button
          variant="ghost"
          onClick={() => {
            setByPassword(!byPassword);
            setValue('');
          }}
        >
          {t(byPassword ? 'twoFactor.useCode' : 'twoFactor.usePassword')}
        </Button>
        <FormActions
          onCancel={close}
          submit={t(asking === 'disable' ? 'twoFactor.turnOff' : 'twoFactor.newCodes')}
          disabled={busy || !value.trim()}
          danger={asking === 'disable'}
        />
      </form>
    </Dialog>
  );
}
