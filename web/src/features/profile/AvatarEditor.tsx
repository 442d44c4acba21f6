import { AVATAR_TYPES, initials, type Profile } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { Button } from '@/ui/Button.tsx';
import { avatarProblem } from './personalForm.ts';
import { profileApi, profileSaved } from './profileApi.ts';

/** The picture (or initials without one), who the user is, and the upload and remove actions. */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const input = useRef<HTMLInputElement>(null);
  // An image that fails to load (removed elsewhere) falls back to the initials.
  const [broken, setBroken] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (file: File | null) => (file ? profileApi.uploadAvatar(file) : profileApi.removeAvatar()),
    onSuccess: (saved, file) => {
      profileSaved(saved);
      toast(t(file ? 'profile.avatar.uploaded' : 'profile.avatar.removed'), 'success');
    },
    onError: (e) => toast(failure(e), 'danger'),
  });
  const failure = (e: Error) => {
    if (e instanceof ApiError && e.status === 413) return t('profile.avatar.tooLarge');
    if (e instanceof ApiError && e.status === 415) return t('profile.avatar.wrongType');
    return t('profile.avatar.failed', { message: errorText(e) });
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // so that the same file can be picked again
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) toast(t(problem.key), 'danger');
    else change.mutate(file);
  };

  const image = profile.avatar && profile.avatar !== broken ? profile.avatar : null;
  return (
    <div className="profile-avatar">
      <div className="profile-avatar__picture">
        {image ? (
          <img src={image} alt={t('profile.avatar.label')} onError={() => setBroken(image)} />
        ) : (
          <span aria-hidden>{initials(profile.name || profile.username)}</span>
        )}
      </div>
      <div className="profile-avatar__about">
        <h2 className="profile-avatar__name">{profile.name || profile.username}</h2>
        <dl className="facts">
          <dt>{t('profile.personal.username')}</dt>
          <dd>{profile.username}</dd>
          <dt>{t('profile.personal.lastSignIn')}</dt>
          <dd>{profile.lastLogin ? when.dateTime(profile.lastLogin) : t('profile.personal.never')}</dd>
        </dl>
        <div className="profile-avatar__actions">
          <input
            ref={input}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            hidden
            onChange={pick}
            data-testid="avatar-file"
          />
          <Button
            icon={<ImageUp size={16} aria-hidden />}
            disabled={change.isPending}
            onClick={() => input.current?.click()}
            aria-describedby="avatar-help"
          >
            {t('profile.avatar.upload')}
          </Button>
          {profile.avatar && (
            <Button
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden />}
              disabled={change.isPending}
              onClick={() => change.mutate(null)}
            >
              {t('profile.avatar.remove')}
            </Button>
          )}
        </div>
        <p id="avatar-help" className="field__help">
          {t('profile.avatar.help')}
        </p>
      </div>
    </div>
  );
}
