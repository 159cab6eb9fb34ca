import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { installErrorReporting } from './lib/error-reporting';
import { routes } from './routes';
import './styles/base.css';

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

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
