import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { TrackActionsContext, type TrackActions } from '@/lib/trackActions';

type UserEventOptions = Parameters<typeof userEvent.setup>[0];

export interface RenderRouteOptions {
  /** The address the router opens; '/' unless given. */
  url?: string;
  /** The route pattern the element answers; the path of `url` unless given ('/track/:trackId'). */
  path?: string;
  /** Routes below the element, for a layout route that renders an <Outlet />. */
  children?: RouteObject[];
  /** What the route shows when its element throws. */
  errorElement?: ReactNode;
  /** Pages the one under test links or navigates to. */
  otherRoutes?: RouteObject[];
  /** The player's actions on a track; without them, tracks render with no listening action wired in. */
  actions?: TrackActions;
  /** Renders under <StrictMode>, as the app does in development (effects run twice). */
  strict?: boolean;
  /** Options of the user-event instance, e.g. `{ applyAccept: false }` to offer an input any file. */
  userOptions?: UserEventOptions;
}

/** A fresh query cache that answers a failure at once (no retries), as each test wants its own. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders `element` as the route at `url` in a memory router, with a fresh query cache and, when
 * given, the track actions. Returns what Testing Library's render does, plus the user-event
 * instance to act with, the query client (to seed or read the cache) and the router (to navigate
 * or read the location).
 */
export function renderRoute(element: ReactNode, options: RenderRouteOptions = {}) {
  const { url = '/', children, errorElement, otherRoutes = [], actions, strict = false, userOptions } = options;
  const path = options.path ?? new URL(url, 'http://localhost').pathname;
  const user = userEvent.setup(userOptions);
  const queryClient = testQueryClient();
  const router = createMemoryRouter([{ path, element, children, errorElement }, ...otherRoutes], { initialEntries: [url] });

  const routed = <RouterProvider router={router} />;
  let ui = (
    <QueryClientProvider client={queryClient}>
      {actions ? <TrackActionsContext value={actions}>{routed}</TrackActionsContext> : routed}
    </QueryClientProvider>
  );
  if (strict) ui = <StrictMode>{ui}</StrictMode>;

  return { ...render(ui), user, queryClient, router };
}

export type User = ReturnType<typeof userEvent.setup>;
