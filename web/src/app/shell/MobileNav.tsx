import { Menu as MenuIcon, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useRootStore } from '../../stores/root.ts';
import { IconButton } from '../../ui/Button.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { NavList } from './NavRail.tsx';
import { bottomBarItems } from './navItems.ts';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useNavItems } from './useNavItems.ts';

/** Phones: a bottom bar with the main dashboards, and every entry in a drawer behind "More". */
export function MobileNav() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { dashboards, management } = useNavItems();
  const requestBlur = useRootStore((s) => s.requestBlur);
  useEffect(() => (open ? requestBlur() : undefined), [open, requestBlur]);
  const close = () => setOpen(false);
  return (
    <nav className="bottombar" aria-label={t('nav.mainNavigation')}>
      {bottomBarItems.map(({ key, to, icon: Icon }) => (
        <NavLink key={to} to={to} className="bottombar__link">
          <Icon size={20} aria-hidden />
          <span>{t(key)}</span>
        </NavLink>
      ))}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button type="button" className="bottombar__link" data-testid="more-menu">
            <MenuIcon size={20} aria-hidden />
            <span>{t('nav.more')}</span>
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="drawer__overlay" />
          <Dialog.Content className="drawer" aria-describedby={undefined}>
            <div className="drawer__head">
              <Dialog.Title className="drawer__title">{t('app.name')}</Dialog.Title>
              <Dialog.Close asChild>
                <IconButton label={t('shell.close')}>
                  <X size={18} />
                </IconButton>
              </Dialog.Close>
            </div>
            <NavList items={dashboards} title={t('nav.dashboards')} onNavigate={close} />
            <NavList items={management} title={t('nav.management')} onNavigate={close} />
            <div className="drawer__prefs">
              <LanguageMenu />
              <ThemeToggle />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </nav>
  );
}
