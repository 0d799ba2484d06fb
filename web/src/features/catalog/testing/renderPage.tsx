import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { TrackActionsContext, type TrackActions } from '@/lib/trackActions';

interface RenderPageOptions {
  path: string;
  url: string;
  /** The player's actions; without them, tracks render with no listening action wired in. */
  actions?: TrackActions;
  /** Pages the one under test links or navigates to. */
  otherRoutes?: RouteObject[];
}

/** Renders a page at `url` with a fresh query cache (no retries) and, if given, the track actions. */
export function renderPage(page: ReactNode, { path, url, actions, otherRoutes = [] }: RenderPageOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: page }, ...otherRoutes], { initialEntries: [url] });
  const routed = <RouterProvider router={router} />;
  render(
    <QueryClientProvider client={queryClient}>
      {actions ? <TrackActionsContext value={actions}>{routed}</TrackActionsContext> : routed}
    </QueryClientProvider>,
  );
  return { router };
}
