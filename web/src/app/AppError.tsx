import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/chunkLoad.ts';
import { reportError } from '@/lib/errorReporter.ts';
import { Button } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { NewVersionScreen } from './NewVersion.tsx';
import './appError.css';

/**
 * The app's error boundary (the routes' errorElement): a screen that failed to render or load says
 * so in the user's language and offers a reload. The failure is reported (a render error usually
 * already was, with its component stack, and is not sent twice). A screen whose code could not be
 * loaded (a deploy removed it, or it took over 120000 ms) offers the new version instead.
 */
export function AppError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => reportError(error, { kind: 'route' }), [error]);
  if (isChunkLoadError(error)) return <NewVersionScreen error={error} />;
  return (
    <main className="app-error">
      <div className="card app-error__card" role="alert">
        <EmptyState icon={<TriangleAlert size={26} />} title={t('errors.page.title')}>
          <p>{t('errors.page.text')}</p>
          <Button variant="primary" icon={<RotateCw size={16} aria-hidden />} onClick={() => window.location.reload()}>
            {t('errors.page.reload')}
          </Button>
        </EmptyState>
      </div>
    </main>
  );
}
