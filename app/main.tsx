import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { captureAttribution, registerAffiliateClick, stripTrackingParams } from './lib/attribution';
import { installErrorReporting } from './lib/error-reporting';
import { readRenderedPage, RenderedPageProvider } from './lib/rendered-page';
import { routes } from './routes';
import './styles/base.css';

/**
 * Loads the route modules of the current address before hydrating: the router must render the
 * same page as the Worker did at once, not its loading fallback (docs/decisions/0034).
 */
async function loadMatchedRoutes(table: RouteObject[]) {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

installErrorReporting();
// Read where the visitor came from before the tracking parameters leave the address bar.
captureAttribution();
void registerAffiliateClick();
stripTrackingParams();

// A hydration mismatch is a defect: React reports it as a global error, which the error
// reporting above sends to the Worker like any other.
const container = document.getElementById('root')!;
const rendered = readRenderedPage();

if (rendered && container.hasChildNodes()) {
  void loadMatchedRoutes(routes).then(() =>
    hydrateRoot(
      container,
      <StrictMode>
        <RenderedPageProvider page={rendered}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </RenderedPageProvider>
      </StrictMode>,
    ),
  );
} else {
  // Signed-in and token pages arrive as an empty shell: the app renders them here.
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
