import './customization.css';
import { type AdminOrganization, BRAND_COLOR_PATTERN, type OrganizationSettings } from '@fieldwatch/core';
import { Building2, RotateCcw, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { Loaded, Section } from '../AdminParts.tsx';
import { adminApi, adminKeys, useAdminChange, useSettings } from '../adminApi.ts';
import { textOn } from '../adminForms.ts';
import { ImagePicker } from '../ImagePicker.tsx';
import type { TabProps } from './TabPanel.tsx';

type Theme = OrganizationSettings['theme'];
const THEMES: { value: Theme; key: string }[] = [
  { value: null, key: 'userChoice' },
  { value: 'Dark', key: 'dark' },
  { value: 'Bright', key: 'bright' },
];
const brandColor = new RegExp(BRAND_COLOR_PATTERN);
/** Where no brand colour is set, the product's accent shows. */
const DEFAULT_COLOR = '#4c8dff';

/** Customization: the organization's logo, default theme and brand colour, with a live preview. */
export function CustomizationTab({ org }: TabProps) {
  const settings = useSettings(org.id);
  return (
    <Loaded query={settings} lines={8}>
      {(s) => <Customization org={org} settings={s} />}
    </Loaded>
  );
}

function LogoImage({ org, size }: { org: AdminOrganization; size: 'large' | 'small' }) {
  return (
    <span className={`admin-logo admin-logo--${size}`}>
      {org.avatar ? <img src={org.avatar} alt="" /> : <Building2 size={size === 'large' ? 32 : 18} aria-hidden />}
    </span>
  );
}

function Logo({ org }: { org: AdminOrganization }) {
  const { t } = useTranslation();
  const refresh = [adminKeys.organizations];
  const upload = useAdminChange((file: File) => adminApi.saveLogo(org.id, file), {
    refresh,
    done: () => t('admin.customization.logoSaved'),
  });
  const remove = useAdminChange(() => adminApi.deleteLogo(org.id), {
    refresh,
    done: () => t('admin.customization.logoRemoved'),
  });
  return (
    <Section title={t('admin.customization.logo')} description={t('admin.customization.logoText')}>
      <div className="admin-logo-row">
        <LogoImage org={org} size="large" />
        <div className="admin-logo-row__actions">
          <ImagePicker
            label={org.avatar ? t('admin.customization.replaceLogo') : t('admin.customization.uploadLogo')}
            disabled={upload.isPending}
            onFile={(f) => upload.mutate(f)}
          />
          {org.avatar && (
            <Button
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden />}
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined)}
            >
              {t('admin.customization.removeLogo')}
            </Button>
          )}
          <p className="admin-section__text">{t('admin.image.rules')}</p>
        </div>
      </div>
    </Section>
  );
}

function Customization({ org, settings }: { org: AdminOrganization; settings: OrganizationSettings }) {
  const { t } = useTranslation();
  const userTheme = useUserStore((s) => s.themeMode);
  const [theme, setTheme] = useState<Theme>(settings.theme);
  const [color, setColor] = useState(settings.brandColor ?? '');
  const valid = color === '' || brandColor.test(color);
  const changed = theme !== settings.theme || color !== (settings.brandColor ?? '');
  const save = useAdminChange(
    () => adminApi.saveSettings(org.id, { ...settings, theme, brandColor: color ? color.toLowerCase() : null }),
    { refresh: [adminKeys.settings(org.id)], done: () => t('admin.customization.saved') },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) save.mutate(undefined);
  };
  const shown = valid && color ? color : DEFAULT_COLOR;
  return (
    <div className="admin-grid">
      <div className="admin-stack">
        <Logo org={org} />
        <Section title={t('admin.customization.appearance')} description={t('admin.customization.appearanceText')}>
          <form className="admin-form" onSubmit={submit} noValidate>
            <fieldset className="admin-choice">
              <legend className="field__label">{t('admin.customization.theme')}</legend>
              <div className="admin-segmented">
                {THEMES.map((o) => (
                  <label key={o.key} className="admin-segmented__item">
                    <input type="radio" name="theme" checked={theme === o.value} onChange={() => setTheme(o.value)} />
                    <span>{t(`admin.customization.themes.${o.key}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="admin-color">
              <label className="admin-color__swatch">
                <span className="visually-hidden">{t('admin.customization.pickColor')}</span>
                <input type="color" value={shown} onChange={(e) => setColor(e.target.value)} />
              </label>
              <TextField
                label={t('admin.customization.brandColor')}
                value={color}
                placeholder={DEFAULT_COLOR}
                maxLength={7}
                spellCheck={false}
                error={valid ? null : t('admin.customization.colorPattern')}
                help={t('admin.customization.brandColorHelp')}
                onChange={(e) => setColor(e.target.value.trim())}
              />
              {color && (
                <IconButton label={t('admin.customization.resetColor')} onClick={() => setColor('')}>
                  <RotateCcw size={16} aria-hidden />
                </IconButton>
              )}
            </div>
            <div className="admin-form__actions">
              <Button type="submit" variant="primary" disabled={save.isPending || !changed || !valid}>
                {t('common.save')}
              </Button>
            </div>
          </form>
        </Section>
      </div>
      <Section title={t('admin.customization.preview')} description={t('admin.customization.previewText')}>
        <Preview org={org} theme={theme ?? userTheme} color={shown} />
      </Section>
    </div>
  );
}

/** A small sign-in card as the organization's people will see it, in the chosen theme and colour. */
function Preview({ org, theme, color }: { org: AdminOrganization; theme: 'Dark' | 'Bright'; color: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="admin-preview"
      data-theme={theme.toLowerCase()}
      style={{ '--brand': color, '--brand-text': textOn(color) } as React.CSSProperties}
    >
      <div className="admin-preview__bar">
        <LogoImage org={org} size="small" />
        <strong>{org.name}</strong>
      </div>
      <div className="admin-preview__body">
        <span className="admin-preview__field">{t('admin.customization.previewUser')}</span>
        <span className="admin-preview__field">••••••••</span>
        <span className="admin-preview__button">{t('admin.customization.previewSignIn')}</span>
        <span className="admin-preview__link">{t('admin.customization.previewForgot')}</span>
      </div>
    </div>
  );
}
