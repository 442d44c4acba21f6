import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Logo } from '@/ui/Logo.tsx';
import { accountBrandQuery } from './resetApi.ts';

/**
 * The card of the signed-out screens (sign-in, forgotten password, reset): the brand above the
 * content, and, reached through an organization's account URL, that organization's logo and name.
 */
export function AuthCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const account = useSearchParams()[0].get('account') ?? '';
  const brand = useQuery(accountBrandQuery(account)).data;
  return (
    <main
      className="login card"
      style={brand?.brandColor ? { borderBlockStart: `4px solid ${brand.brandColor}` } : undefined}
    >
      <div className="login__brand">
        <Logo size={40} />
        <div>
          <div className="login__name">{t('app.name')}</div>
          <div className="login__tagline">{t('app.tagline')}</div>
        </div>
      </div>
      {brand && (
        <div className="login__account" data-testid="account-brand">
          {brand.avatar && <img className="login__account-logo" src={brand.avatar} alt="" />}
          <span>{t('login.account', { name: brand.name })}</span>
        </div>
      )}
      {children}
    </main>
  );
}
