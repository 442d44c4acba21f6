import { Menu as MenuIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { loadChunk } from '@/lib/chunkLoad.ts';
import { useRootStore } from '@/stores/root.ts';
import { bottomBarItems } from './navItems.ts';

// The drawer (and Radix's dialog) loads when it is first opened, not with every page on a phone.
const MobileDrawer = lazy(() =>
  loadChunk(() => import('./MobileDrawer.tsx')).then((m) => ({ default: m.MobileDrawer })),
);

/** Phones: a bottom bar with the main dashboards, and every entry in a drawer behind "More". */
export function MobileNav() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Once opened the drawer stays rendered, so Radix runs its closing.
  const [opened, setOpened] = useState(false);
  const more = useRef<HTMLButtonElement>(null);
  const requestBlur = useRootStore((s) => s.requestBlur);
  useEffect(() => (open ? requestBlur() : undefined), [open, requestBlur]);
  return (
    <nav className="bottombar" aria-label={t('nav.mainNavigation')}>
      {bottomBarItems.map(({ key, to, icon: Icon }) => (
        <NavLink key={to} to={to} className="bottombar__link">
          <Icon size={20} aria-hidden />
          <span>{t(key)}</span>
        </NavLink>
      ))}
      <button
        ref={more}
        type="button"
        className="bottombar__link"
        data-testid="more-menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <MenuIcon size={20} aria-hidden />
        <span>{t('nav.more')}</span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} opener={more.current} />
        </Suspense>
      )}
    </nav>
  );
}
