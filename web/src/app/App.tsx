import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '@/i18n/i18n.ts';
import { queryClient } from '@/lib/query.ts';
import { Toaster } from '@/ui/Toaster.tsx';
import { NewVersionPrompt } from './NewVersion.tsx';
import { router } from './router.tsx';
import { usePresentation } from './theme.ts';

function Root() {
  const { t } = useTranslation();
  usePresentation();
  return (
    <>
      <RouterProvider router={router} />
      <Toaster closeLabel={t('shell.close')} />
      <NewVersionPrompt />
    </>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Root />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
