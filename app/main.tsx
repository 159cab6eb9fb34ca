import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { captureAttribution, registerAffiliateClick, stripTrackingParams } from './lib/attribution';
import { installErrorReporting } from './lib/error-reporting';
import { routes } from './routes';
import './styles/base.css';

installErrorReporting();
// Read where the visitor came from before the tracking parameters leave the address bar.
captureAttribution();
void registerAffiliateClick();
stripTrackingParams();

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
