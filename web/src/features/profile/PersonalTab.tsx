import type { Profile } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AvatarEditor } from './AvatarEditor.tsx';
import { type PersonalField, personalTexts, personalUpdate } from './personalForm.ts';
import { profileApi, profileSaved } from './profileApi.ts';

type Problems = ReturnType<typeof personalUpdate>['problems'];

/** Personal info: the picture, then name, title, e-mail, phone and location, checked before saving. */
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
    onError: (e) => toast(t('profile.saveFailed', { message: e.message }), 'danger'),
  });

  const labels: Record<PersonalField, string> = {
    name: t('profile.personal.name'),
    title: t('profile.personal.jobTitle'),
    email: t('profile.personal.email'),
    phone: t('profile.personal.phone'),
    latitude: t('profile.personal.latitude'),
    longitude: t('profile.personal.longitude'),
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
    const { update, problems: found } = personalUpdate(texts);
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate(update);
  };

  return (
    <div className="profile-panel card">
      <AvatarEditor profile={profile} />
      <form className="profile-form" onSubmit={submit} noValidate>
        <div className="profile-form__grid">
          {field('name', { autoComplete: 'name', maxLength: 200 })}
          {field('title', { autoComplete: 'organization-title', maxLength: 200 })}
          {field('email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
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
        <div className="profile-form__actions">
          <Button type="submit" variant="primary" icon={<Save size={16} aria-hidden />} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
