import { type AdminProfile, PASSWORD_POLICY } from '@fieldwatch/core';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { UserAvatar, useProblemText } from '../AdminParts.tsx';
import { adminApi, adminKeys, type UserProfileBody, useAdminChange } from '../adminApi.ts';
import { passwordProblem, profileProblems } from '../adminForms.ts';
import { ImagePicker } from '../ImagePicker.tsx';

const FIELDS = ['name', 'title', 'email', 'phone'] as const;
const INPUT = { name: 'text', title: 'text', email: 'email', phone: 'tel' } as const;

/** Edits another user's profile (name, title, e-mail, phone) and their avatar. */
export function ProfileDialog({ user, onClose }: { user: AdminProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useProblemText();
  const p = user.userProfile;
  const [draft, setDraft] = useState<UserProfileBody>({
    name: user.name,
    title: p.title,
    email: p.email,
    phone: p.phone,
  });
  const [avatar, setAvatar] = useState(user.avatar);
  const [problems, setProblems] = useState<ReturnType<typeof profileProblems>>({});
  const refresh = [adminKeys.all];
  const save = useAdminChange((d: UserProfileBody) => adminApi.updateProfile(user.username, d), {
    refresh,
    done: () => t('admin.profile.saved', { name: draft.name }),
  });
  // The answer's avatar is the profile path; the admin screen shows it through its own URL, so add a version.
  const avatarUrl = (key: string | null) =>
    key ? `/api/v1/admin/userAvatar?username=${encodeURIComponent(user.username)}&v=${Date.now()}` : null;
  const upload = useAdminChange((f: File) => adminApi.saveAvatar(user.username, f), {
    refresh,
    done: (r) => {
      setAvatar(avatarUrl(r.avatar));
      return t('admin.profile.avatarSaved');
    },
  });
  const drop = useAdminChange(() => adminApi.deleteAvatar(user.username), {
    refresh,
    done: () => {
      setAvatar(null);
      return t('admin.profile.avatarRemoved');
    },
  });
  const label = (f: (typeof FIELDS)[number]) => t(`admin.profile.fields.${f}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = profileProblems(draft, {
      name: label('name'),
      title: label('title'),
      email: label('email'),
      phone: label('phone'),
    });
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutateAsync(draft).then(onClose, () => {});
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('admin.profile.title', { name: user.name || user.username })}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-logo-row">
          <UserAvatar name={draft.name || user.username} src={avatar} size={64} />
          <div className="admin-logo-row__actions">
            <ImagePicker
              label={avatar ? t('admin.profile.replaceAvatar') : t('admin.profile.uploadAvatar')}
              disabled={upload.isPending}
              onFile={(f) => upload.mutate(f)}
            />
            {avatar && (
              <Button
                variant="ghost"
                icon={<Trash2 size={16} aria-hidden />}
                disabled={drop.isPending}
                onClick={() => drop.mutate(undefined)}
              >
                {t('admin.profile.removeAvatar')}
              </Button>
            )}
            <p className="admin-section__text">{t('admin.image.rules')}</p>
          </div>
        </div>
        <div className="admin-form__grid">
          {FIELDS.map((f) => (
            <TextField
              key={f}
              label={label(f)}
              type={INPUT[f]}
              value={draft[f]}
              maxLength={f === 'phone' ? 40 : 200}
              error={text(problems[f])}
              onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
            />
          ))}
        </div>
        <FormActions onCancel={onClose} submit={t('common.save')} disabled={save.isPending} />
      </form>
    </Dialog>
  );
}

/** Sets a new password for a user, held to the organization's minimum length. */
export function PasswordDialog({
  user,
  minLength = PASSWORD_POLICY.min,
  onClose,
}: {
  user: AdminProfile;
  minLength?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useProblemText();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof passwordProblem>>(null);
  const save = useAdminChange(() => adminApi.setPassword(user.username, password), {
    refresh: [],
    done: () => t('admin.password.saved', { name: user.name || user.username }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = passwordProblem(password, repeat, minLength);
    setProblem(found);
    if (!found) save.mutateAsync(undefined).then(onClose, () => {});
  };
  const mismatch = problem?.key === 'validation.passwordMismatch';
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('admin.password.title', { name: user.name || user.username })}
      description={t('admin.password.text')}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        {/* A hidden username helps password managers file the new password under the right account. */}
        <input type="text" autoComplete="username" value={user.username} readOnly hidden />
        <TextField
          label={t('admin.password.new')}
          type="password"
          autoComplete="new-password"
          value={password}
          autoFocus
          error={mismatch ? null : text(problem)}
          help={t('admin.password.help', { min: minLength })}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t('admin.password.repeat')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          error={mismatch ? text(problem) : null}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <FormActions onCancel={onClose} submit={t('admin.password.set')} disabled={save.isPending} />
      </form>
    </Dialog>
  );
}
