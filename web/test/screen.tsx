// Rendering a routed screen in the web unit tests, as the app shows it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { initI18n, laterTexts } from '@/i18n/i18n.ts';

/** English with the screens' texts, which the app loads with a screen's route. */
export async function screenTexts() {
  await initI18n('en');
  await laterTexts();
}

/** A client that reports a failed call at once: a test never waits on retries. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** `routes` in a memory router opened at `url`, under a query client; the router, to follow navigation. */
export function renderRoutes(routes: RouteObject[], url: string, client = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
