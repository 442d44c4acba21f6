import type { Profile } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { currentPasswordProblem } from '@/lib/passwordErrors.ts';
import { toast } from '@/lib/toast.ts';
import { TextField } from '@/ui/TextField.tsx';
import { AvatarEditor } from './AvatarEditor.tsx';
import { emailChanged, type PersonalField, personalTexts, personalUpdate } from './personalForm.ts';
import { profileApi, profileSaved } from './profileApi.ts';
import { SubmitRow } from './SubmitRow.tsx';

type Problems = ReturnType<typeof personalUpdate>['problems'];

/**
 * Personal info: the picture, then name, title, e-mail, phone and location, checked before saving.
 * A new e-mail address asks for the current password (reset links go there).
 */
export function PersonalTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(() => personalTexts(profile));
  const [problems, setProblems] = useState<Problems>({});
  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: (saved) => {
      profileSaved(saved);
      setTexts(personalTexts(saved));
      toast(t('profile.personal.saved'), 'success');
    },
    onError: (e) => {
      // A wrong current password, or too many guesses, is said on its field.
      const currentPassword = currentPasswordProblem(e);
      if (currentPassword) setProblems((found) => ({ ...found, currentPassword }));
      else toast(t('profile.saveFailed', { message: errorText(e) }), 'danger');
    },
  });
  const newEmail = emailChanged(profile.email, texts.email);

  const labels: Record<PersonalField, string> = {
    name: t('profile.personal.name'),
    title: t('profile.personal.jobTitle'),
    email: t('profile.personal.email'),
    phone: t('profile.personal.phone'),
    latitude: t('profile.personal.latitude'),
    longitude: t('profile.personal.longitude'),
    currentPassword: t('profile.password.current'),
  };
  const field = (name: PersonalField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => {
    const problem = problems[name];
    return (
      <TextField
        label={labels[name]}
        name={name}
        value={texts[name]}
        onChange={(e) => setTexts((s) => ({ ...s, [name]: e.target.value }))}
        error={problem && t(problem.key, { ...problem.params, name: labels[name] })}
        {...extra}
      />
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { update, problems: found } = personalUpdate(texts, profile.email);
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate(update);
  };

  return (
    <div className="profile-panel card">
      <AvatarEditor profile={profile} />
      <form className="profile-form" onSubmit={submit} noValidate>
        {/* The username lets password managers offer the right account's password. */}
        {newEmail && (
          <input type="text" name="username" autoComplete="username" value={profile.username} readOnly hidden />
        )}
        <div className="profile-form__grid">
          {field('name', { autoComplete: 'name', maxLength: 200 })}
          {field('title', { autoComplete: 'organization-title', maxLength: 200 })}
          {field('email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
          {newEmail &&
            field('currentPassword', {
              type: 'password',
              autoComplete: 'current-password',
              maxLength: 1024,
              help: t('profile.personal.currentPasswordHelp'),
            })}
          {field('phone', { type: 'tel', autoComplete: 'tel', maxLength: 40, help: t('profile.personal.phoneHelp') })}
        </div>
        <fieldset className="profile-form__group">
          <legend className="field__label">{t('profile.personal.location')}</legend>
          <div className="profile-form__grid">
            {field('latitude', { inputMode: 'decimal', autoComplete: 'off' })}
            {field('longitude', { inputMode: 'decimal', autoComplete: 'off' })}
          </div>
          <p className="field__help">{t('profile.personal.locationHelp')}</p>
        </fieldset>
        <SubmitRow label={t('common.save')} busy={save.isPending} />
      </form>
    </div>
  );
}
