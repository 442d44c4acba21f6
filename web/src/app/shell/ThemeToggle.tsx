import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/stores/user.ts';
import { IconButton } from '@/ui/Button.tsx';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { themeMode, toggleTheme } = useUserStore();
  const next = themeMode === 'Dark' ? t('shell.themeBright') : t('shell.themeDark');
  return (
    <IconButton label={`${t('shell.toggleTheme')}: ${next}`} onClick={toggleTheme} data-testid="theme-toggle">
      {themeMode === 'Dark' ? <Sun size={18} /> : <Moon size={18} />}
    </IconButton>
  );
}
