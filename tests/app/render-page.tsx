import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { NotificationsProvider } from '../../app/components/Notifications';

/** Stand-ins for the pages a screen navigates to: each shows its path so a test can see it arrived. */
export const landingPages = (...paths: string[]): RouteObject[] => paths.map((path) => ({ path, Component: () => <p>Landed on {path}</p> }));

/**
 * Renders `routes` in a memory router at `path`, under the NotificationsProvider, as RootLayout
 * does in the app. `strict` adds StrictMode, which runs effects twice.
 */
export function renderPage(routes: RouteObject[], path: string, options: { strict?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        Component: () => (
          <NotificationsProvider>
            <Outlet />
          </NotificationsProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const app = <RouterProvider router={router} />;
  render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

/** Where the router is now, path and query. */
export const currentUrl = (router: ReturnType<typeof createMemoryRouter>) => `${router.state.location.pathname}${router.state.location.search}`;
