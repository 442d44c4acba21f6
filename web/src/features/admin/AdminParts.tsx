import { initials, type ValidationError } from '@fieldwatch/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Check, Copy, Lock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { isRefused } from './adminApi.ts';

/** A titled card of the admin screen; actions sit at the end of its head. */
export function Section({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={['card admin-section', className].filter(Boolean).join(' ')}>
      <header className="admin-section__head">
        <div>
          <h2 className="admin-section__title">{title}</h2>
          {description && <p className="admin-section__text">{description}</p>}
        </div>
        {actions && <div className="admin-section__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** The no-authority message, for a 403 from an admin call. */
function NoAuthority() {
  const { t } = useTranslation();
  return (
    <p className="admin-note admin-note--danger" role="note">
      <Lock size={14} aria-hidden />
      <span>
        {t('admin.noAuthority')} <span className="muted">{t('admin.noAuthorityHelp')}</span>
      </span>
    </p>
  );
}

/** What a query shows before its data: a skeleton, the no-authority note, or the error with retry. */
export function Loaded<T>({
  query,
  lines = 4,
  children,
}: {
  query: UseQueryResult<T>;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return <Skeleton lines={lines} />;
  if (isRefused(query.error)) return <NoAuthority />;
  return (
    <div className="admin-note admin-note--danger" role="alert">
      <span>{t('admin.loadFailed', { message: query.error?.message ?? '' })}</span>
      <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
    </div>
  );
}

/** The user's picture, or their initials on a quiet disc. */
export function UserAvatar({ name, src, size = 32 }: { name: string; src: string | null; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  return src ? (
    <img className="admin-avatar" src={src} alt="" style={style} />
  ) : (
    <span className="admin-avatar admin-avatar--initials" style={style} aria-hidden>
      {initials(name) || '?'}
    </span>
  );
}

/** Copies a text (a link, a key) and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        toast(t('admin.copied'), 'success');
        setTimeout(() => setCopied(false), 2000);
      },
      () => toast(t('admin.copyFailed'), 'danger'),
    );
  return (
    <IconButton label={label} onClick={() => void copy()}>
      {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
    </IconButton>
  );
}

/** A validation text of core (an i18n key and parameters) in the user's language. */
export function useProblemText() {
  const { t } = useTranslation();
  return (p: ValidationError | null | undefined) => (p ? t(p.key, p.params) : null);
}
