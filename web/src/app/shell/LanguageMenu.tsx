import { LANGUAGE_NAMES, LANGUAGES } from '@fieldwatch/core';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../../stores/session.ts';
import { useUserStore } from '../../stores/user.ts';
import { IconButton } from '../../ui/Button.tsx';
import { Menu, MenuCheckItem, MenuContent, MenuLabel, MenuTrigger } from '../../ui/Menu.tsx';

export function LanguageMenu() {
  const { t } = useTranslation();
  const active = useUserStore((s) => s.activeLanguage);
  return (
    <Menu>
      <MenuTrigger asChild>
        <IconButton label={t('shell.language')} data-testid="language-menu">
          <Languages size={18} />
        </IconButton>
      </MenuTrigger>
      <MenuContent>
        <MenuLabel>{t('shell.language')}</MenuLabel>
        {LANGUAGES.map((lang) => (
          <MenuCheckItem key={lang} checked={lang === active} onCheckedChange={() => void applyLanguage(lang)}>
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </MenuCheckItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
