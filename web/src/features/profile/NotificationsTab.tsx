import type { Profile } from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { desktopPermission } from '@/lib/useEventUpdates.ts';
import { preferencesBody } from './preferences.ts';
import { profileApi, profileKeys, profileSaved } from './profileApi.ts';

type Channel = keyof Profile['notification'];

/** A switch with its label and, below, what it means. */
function Switch(props: {
  label: string;
  help: string;
  note?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="profile-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        className="profile-switch__input"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-help`}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={id} className="profile-switch__label">
          {props.label}
        </label>
        <p id={`${id}-help`} className="field__help">
          {props.help}
        </p>
        {props.note && (
          <p className="profile-note profile-note--warning" role="status">
            {props.note}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * E-mail and desktop notifications, each saved as it is switched (the whole preferences body goes,
 * from the profile). Switching desktop on asks the browser for permission and says when it refuses.
 */
export function NotificationsTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(desktopPermission);
  const save = useMutation({
    // The latest profile, not this render's: a permission prompt may have been open while the other switch saved.
    mutationFn: (change: Partial<Profile['notification']>) => {
      const latest = queryClient.getQueryData<Profile>(profileKeys.profile) ?? profile;
      return profileApi.preferences(preferencesBody(latest, { notification: { ...latest.notification, ...change } }));
    },
    onSuccess: (saved) => {
      profileSaved(saved);
      toast(t('profile.notifications.saved'), 'success');
    },
    onError: (e) => toast(t('profile.saveFailed', { message: errorText(e) }), 'danger'),
  });

  // While a change is on its way the switches show it, so they do not flick back.
  const shown = { ...profile.notification, ...(save.isPending ? save.variables : {}) };
  const toggle = async (channel: Channel, on: boolean) => {
    if (channel === 'desktop' && on && permission === 'default') setPermission(await Notification.requestPermission());
    save.mutate({ [channel]: on });
  };

  const desktopNote =
    permission === 'unsupported'
      ? t('profile.notifications.unsupported')
      : shown.desktop && permission === 'denied'
        ? t('profile.notifications.blocked')
        : undefined;

  return (
    <div className="profile-panel card">
      <p className="muted profile-panel__intro">{t('profile.notifications.intro')}</p>
      <Switch
        label={t('profile.notifications.email')}
        help={
          profile.email
            ? t('profile.notifications.emailHelp', { email: profile.email })
            : t('profile.notifications.emailMissing')
        }
        checked={shown.email}
        disabled={save.isPending}
        onChange={(on) => void toggle('email', on)}
      />
      <Switch
        label={t('profile.notifications.desktop')}
        help={t('profile.notifications.desktopHelp')}
        note={desktopNote}
        checked={shown.desktop}
        disabled={save.isPending}
        onChange={(on) => void toggle('desktop', on)}
      />
    </div>
  );
}
