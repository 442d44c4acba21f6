import {
  DATE_FORMATS,
  type DatePreferences,
  formatDate,
  formatDateTime,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type PreferencesBody,
  type Profile,
  TIME_FORMATS,
  TIMEZONES,
} from '@fieldwatch/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errorText.ts';
import { refetchForLanguage } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';
import { applyLanguage } from '@/stores/session.ts';
import { useUserStore } from '@/stores/user.ts';
import { Select } from '@/ui/Select.tsx';
import { preferencesBody } from './preferences.ts';
import { profileApi, profileSaved } from './profileApi.ts';
import { SubmitRow } from './SubmitRow.tsx';

type Draft = PreferencesBody & { language: Language };

/** The clock ticking each second, for the preview. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** A labelled row of radio buttons. */
function Choice<V extends string>(props: {
  legend: string;
  name: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="profile-choice">
      <legend className="field__label">{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="profile-choice__option">
          <input
            type="radio"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            onChange={() => props.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Language, timezone, clock and date format, with "now" shown as the draft would show it; saved
 * with the preferences call and, when it changed, the language call, which also switches the UI.
 */
export function PreferencesTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => ({ ...preferencesBody(profile), language: profile.language }));
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const now = useNow();
  // The draft is not the profile yet, so the preview formats with it directly (useDateFormat shows the saved one).
  const preview: DatePreferences = { language: draft.language, timeConfig: draft };

  const save = useMutation({
    mutationFn: async ({ language, ...body }: Draft) => {
      const saved = await profileApi.preferences(body);
      return language === saved.language ? saved : profileApi.language(language);
    },
    onSuccess: async (saved) => {
      const before = useUserStore.getState().activeLanguage;
      profileSaved(saved);
      await applyLanguage(saved.language);
      // Texts the server put into its answers (notifications, events, alarms, tasks) are read again.
      if (saved.language !== before) void refetchForLanguage();
      toast(t('profile.preferences.saved'), 'success');
    },
    onError: (e) => toast(t('profile.saveFailed', { message: errorText(e) }), 'danger'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };

  return (
    <div className="profile-panel card">
      <form className="profile-form" onSubmit={submit}>
        <div className="profile-form__grid">
          <Select
            label={t('profile.preferences.language')}
            value={draft.language}
            onChange={(e) => set({ language: e.target.value as Language })}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
          <Select
            label={t('profile.preferences.timezone')}
            value={draft.timezone}
            onChange={(e) => set({ timezone: e.target.value as Draft['timezone'] })}
            options={TIMEZONES.map((z) => ({ value: z.label, label: z.label }))}
          />
          <Choice
            legend={t('profile.preferences.clock')}
            name="timeFormat"
            value={draft.timeFormat}
            onChange={(timeFormat) => set({ timeFormat })}
            options={TIME_FORMATS.map((f) => ({ value: f, label: t(`profile.preferences.clock${f.slice(0, 2)}`) }))}
          />
          <Choice
            legend={t('profile.preferences.dateFormat')}
            name="dateFormat"
            value={draft.dateFormat}
            onChange={(dateFormat) => set({ dateFormat })}
            options={DATE_FORMATS.map((f) => ({
              value: f,
              label: t(f.startsWith('MMM') ? 'profile.preferences.monthFirst' : 'profile.preferences.dayFirst', {
                example: formatDate(now, { ...preview, timeConfig: { ...draft, dateFormat: f } }),
              }),
            }))}
          />
        </div>
        <div className="profile-preview">
          <span className="field__label">{t('profile.preferences.preview')}</span>
          <output aria-live="off">
            {t('profile.preferences.previewText', { time: formatDateTime(now, preview, { seconds: true }) })}
          </output>
        </div>
        <SubmitRow label={t('common.save')} busy={save.isPending} />
      </form>
    </div>
  );
}
