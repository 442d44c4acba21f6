import { ChevronsLeft, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useBreakpoint } from '@/lib/useBreakpoint.ts';
import { useLayoutStore } from '@/stores/layout.ts';
import { Logo } from '@/ui/Logo.tsx';
import type { NavItem } from './navItems.ts';
import { useNavSections } from './useNavSections.ts';
import { useSignOut } from './useSignOut.ts';

export function NavList({ items, title, onNavigate }: { items: NavItem[]; title: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="nav__section">
      <div className="nav__title">{title}</div>
      <ul className="nav__list">
        {items.map(({ key, to, icon: Icon, name }) => (
          <li key={to}>
            <NavLink to={to} className="nav__link" title={name ?? t(key)} onClick={onNavigate}>
              <Icon size={18} aria-hidden />
              <span className="nav__label">{name === undefined ? t(key) : <bdi>{name}</bdi>}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The navigation rail on the start side (tablet and wider), collapsible to icons. */
export function NavRail() {
  const { t } = useTranslation();
  const sections = useNavSections();
  const { navCollapsed, toggleNav } = useLayoutStore();
  const signOut = useSignOut();
  // Labels need room: below 1280 px the rail shows icons only.
  const roomy = ['xl', 'xxl'].includes(useBreakpoint());
  const collapsed = navCollapsed || !roomy;
  return (
    <nav className={`rail${collapsed ? ' rail--collapsed' : ''}`} aria-label={t('nav.mainNavigation')}>
      <div className="rail__brand">
        <Logo />
        <span className="rail__name">{t('app.name')}</span>
      </div>
      <div className="rail__scroll">
        {sections.map((s) => (
          <NavList key={s.title} {...s} />
        ))}
      </div>
      <div className="rail__footer">
        <button type="button" className="nav__link" onClick={signOut} title={t('nav.logout')}>
          <LogOut size={18} aria-hidden className="mirror" />
          <span className="nav__label">{t('nav.logout')}</span>
        </button>
        {roomy && (
          <button
            type="button"
            className="nav__link rail__toggle"
            onClick={toggleNav}
            aria-expanded={!navCollapsed}
            title={navCollapsed ? t('nav.expand') : t('nav.collapse')}
          >
            <ChevronsLeft size={18} aria-hidden className="mirror rail__chevron" />
            <span className="nav__label">{t('nav.collapse')}</span>
          </button>
        )}
      </div>
    </nav>
  );
}
