import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
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
// Where the visitor came from is read from the address as it arrived, by code that loads beside
// the first page rather than before it (decision 0008); the tracking parameters leave the
// address bar only once it is recorded.
const arrival = { search: window.location.search, hostname: window.location.hostname, referrer: document.referrer, at: new Date() };
void import('./lib/attribution').then(({ captureAttribution, registerAffiliateClick, stripTrackingParams }) => {
  captureAttribution(arrival, arrival.referrer, arrival.at);
  void registerAffiliateClick(arrival.search);
  stripTrackingParams();
});

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
