import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnseenCount } from '@/features/notifications/useUnseenCount.ts';
import { Logo } from '@/ui/Logo.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { CustomerSelector } from './CustomerSelector.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { TrialChip } from './TrialChip.tsx';

export function TopBar() {
  const { t } = useTranslation();
  const unseen = useUnseenCount();
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
        <TrialChip />
        <ConnectionIndicator />
        {/* The badge sits beside the link, not in it: its "99+" would not match the link's name. */}
        <span className="topbar__bell">
          <Link
            to="/notifications"
            className="icon-btn"
            aria-label={unseen ? t('shell.notificationsUnread', { count: unseen }) : t('shell.notifications')}
            title={t('shell.notifications')}
          >
            <Bell size={18} aria-hidden />
          </Link>
          {unseen > 0 && (
            <span className="badge topbar__badge" data-testid="unseen-count" aria-hidden>
              {unseen > 99 ? '99+' : unseen}
            </span>
          )}
        </span>
        <span className="topbar__wide-only">
          <LanguageMenu />
          <ThemeToggle />
        </span>
        <AccountMenu />
      </div>
    </header>
  );
}
