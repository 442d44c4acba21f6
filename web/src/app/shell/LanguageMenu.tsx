import { LANGUAGE_NAMES, LANGUAGES } from '@fieldwatch/core';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '@/features/profile/profileApi.ts';
import { toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { IconButton } from '@/ui/Button.tsx';
import { Menu, MenuCheckItem, MenuContent, MenuLabel, MenuTrigger } from '@/ui/Menu.tsx';

/** The language switch of the top bar and the sign-in page (signed in, the choice is saved to the profile). */
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
          <MenuCheckItem
            key={lang}
            checked={lang === active}
            onCheckedChange={() => void chooseLanguage(lang).catch(() => toast(t('shell.languageNotSaved'), 'warning'))}
          >
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </MenuCheckItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
