import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { CustomerSelector } from './CustomerSelector.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <Link to="/dashboard/default" className="topbar__brand" aria-label={t('app.name')}>
        <Logo size={26} />
      </Link>
      <div className="topbar__context">
        <OrganizationSwitcher />
        <CustomerSelector />
      </div>
      <div className="topbar__actions">
        <ConnectionIndicator />
        <Link
          to="/notifications"
          className="icon-btn"
          aria-label={t('shell.notifications')}
          title={t('shell.notifications')}
        >
          <Bell size={18} aria-hidden />
        </Link>
        <span className="topbar__wide-only">
          <LanguageMenu />
          <ThemeToggle />
        </span>
        <AccountMenu />
      </div>
    </header>
  );
}
