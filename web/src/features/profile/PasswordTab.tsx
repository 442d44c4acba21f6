import { type ValidationError, validateBlank } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http.ts';
import { currentPasswordProblem, passwordErrors, policyError } from '@/lib/passwordErrors.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { TextField } from '@/ui/TextField.tsx';
import { profileApi, profileKeys } from './profileApi.ts';
import { SubmitRow } from './SubmitRow.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

type Field = 'current' | 'password' | 'repeat';
const EMPTY: Record<Field, string> = { current: '', password: '', repeat: '' };

/**
 * Password change: the current password, the new one twice; on success the other
 * sessions end and the API keys are revoked. Below it, two-factor sign-in (TwoFactorSection.tsx).
 */
export function PasswordTab() {
  const { t } = useTranslation();
  const username = useUserStore((s) => s.profile?.username ?? '');
  const [texts, setTexts] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationError>>>({});
  const change = useMutation({
    mutationFn: () => profileApi.changePassword(texts.current, texts.password),
    onSuccess: () => {
      setTexts(EMPTY);
      toast(t('profile.password.success'), 'success');
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
    },
    onError: (e) => {
      // Say which field was wrong when the server tells: the current password (wrong, or too many
      // guesses), or the policy's length.
      const current = currentPasswordProblem(e);
      const policy = e instanceof ApiError && e.status === 400 ? policyError(e.message) : null;
      if (current) setErrors({ current });
      else if (policy) setErrors({ password: policy });
      toast(t('profile.password.failed'), 'danger');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const current = validateBlank(texts.current, t('profile.password.current'));
    const found = { ...(current && { current }), ...passwordErrors(texts.password, texts.repeat) };
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate();
  };

  const field = (name: Field, label: string, autoComplete: string) => {
    const error = errors[name];
    return (
      <TextField
        label={label}
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={texts[name]}
        onChange={(e) => setTexts((s) => ({ ...s, [name]: e.target.value }))}
        error={error && t(error.key, error.params)}
      />
    );
  };

  return (
    <div className="profile-stack">
      <div className="profile-panel profile-panel--narrow card">
        <form className="profile-form" onSubmit={submit} noValidate>
          {/* The username lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {field('current', t('profile.password.current'), 'current-password')}
          {field('password', t('profile.password.new'), 'new-password')}
          {field('repeat', t('profile.password.repeat'), 'new-password')}
          <p className="profile-note">{t('profile.password.others')}</p>
          <SubmitRow
            label={t('profile.password.submit')}
            busy={change.isPending}
            icon={<KeyRound size={16} aria-hidden />}
          />
        </form>
      </div>
      <TwoFactorSection />
    </div>
  );
}
