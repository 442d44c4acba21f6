import { Outlet } from 'react-router';
import { LanguageMenu } from './shell/LanguageMenu.tsx';
import { ThemeToggle } from './shell/ThemeToggle.tsx';
import '@/features/login/auth.css';

/** The frame of the signed-out screens: language and theme are choosable before signing in. */
export function AuthLayout() {
  return (
    <div className="auth">
      <div className="auth__corner">
        <LanguageMenu />
        <ThemeToggle />
      </div>
      <Outlet />
    </div>
  );
}
