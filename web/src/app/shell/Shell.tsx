import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useBreakpoint } from '@/lib/useBreakpoint.ts';
import { useEventUpdates } from '@/lib/useEventUpdates.ts';
import { MobileNav } from './MobileNav.tsx';
import { NavRail } from './NavRail.tsx';
import { TopBar } from './TopBar.tsx';
import { useLiveConnection } from './useLiveConnection.ts';
import { useStartup } from './useStartup.ts';
import './shell.css';

/** The root shell: navigation, top bar, and the routed screen. */
export function Shell() {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'xs';
  useLiveConnection();
  useEventUpdates();
  useStartup();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {!phone && <NavRail />}
      <div className="shell__body">
        <TopBar />
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {phone && <MobileNav />}
    </div>
  );
}
