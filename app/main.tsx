import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { installErrorReporting } from './lib/error-reporting';
import { routes } from './routes';
import './styles/base.css';

installErrorReporting();
// Where the visitor came from is read from the address as it arrived (decision 0008).
const arrival = { search: window.location.search, hostname: window.location.hostname, referrer: document.referrer, at: new Date() };

// A page the Worker rendered (docs/decisions/0034) is hydrated once the route modules of its
// address have loaded, so the router renders that same page at once rather than its loading
// fallback. Signed-in and token pages arrive as an empty shell, which the app renders here.
// Hydrating in a transition lets React yield to the browser between components, so the page
// stays responsive while the app takes it over (no long task on a slow phone), as React
// Router's own framework mode does. A hydration mismatch is a defect: React reports it as a
// global error, which the error reporting above sends to the Worker like any other.
const container = document.getElementById('root')!;
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
const hydrate = () => startTransition(() => void hydrateRoot(container, app));
if (!container.hasChildNodes()) start(() => createRoot(container).render(app));
else if (router.state.initialized) start(hydrate);
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    start(hydrate);
  });
}

/**
 * Starts the app, then records the visit's attribution with code that loads beside the first
 * page rather than before it: the tracking parameters leave the address bar only once the app
 * has taken over the page and the visit is recorded (docs/decisions/0035).
 */
function start(render: () => void) {
  render();
  void import('./lib/attribution').then(({ captureAttribution, registerAffiliateClick, stripTrackingParams }) => {
    captureAttribution(arrival, arrival.referrer, arrival.at);
    void registerAffiliateClick(arrival.search);
    stripTrackingParams();
  });
}
