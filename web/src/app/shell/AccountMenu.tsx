import { initials } from '@fieldwatch/core';
import { LogOut, Moon, Sun, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateFormat } from '@/lib/useDateFormat.ts';
import { useUserStore } from '@/stores/user.ts';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@/ui/Menu.tsx';
import { useSignOut } from './useSignOut.ts';

export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, themeMode, toggleTheme } = useUserStore();
  const signOut = useSignOut();
  const when = useDateFormat();
  const name = profile?.name || profile?.username || '';
  return (
    <Menu>
      <MenuTrigger asChild>
        <button type="button" className="avatar" data-testid="account-menu">
          {/* Named by its content, not aria-label: a label that leaves out the visible initials fails WCAG 2.5.3. */}
          <span className="visually-hidden">{t('shell.account')}</span>
          {profile?.avatar ? (
            <img className="avatar__image" src={profile.avatar} alt="" />
          ) : (
            // The button's name is its label; the initials are only a picture of it.
            <span aria-hidden>{initials(name) || <UserRound size={16} />}</span>
          )}
        </button>
      </MenuTrigger>
      <MenuContent>
        <MenuLabel>{t('shell.signedInAs', { name })}</MenuLabel>
        {profile?.lastLogin && (
          <div className="menu__note">{t('shell.previousSignIn', { time: when.dateTime(profile.lastLogin) })}</div>
        )}
        <MenuItem onSelect={() => navigate('/profile')}>
          <UserRound size={16} aria-hidden /> {t('nav.myProfile')}
        </MenuItem>
        <MenuItem onSelect={toggleTheme}>
          {themeMode === 'Dark' ? <Sun size={16} aria-hidden /> : <Moon size={16} aria-hidden />}
          {t('shell.theme')}: {themeMode === 'Dark' ? t('shell.themeBright') : t('shell.themeDark')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => void signOut()}>
          <LogOut size={16} aria-hidden className="mirror" /> {t('nav.logout')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
