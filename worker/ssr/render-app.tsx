import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { RenderedPage } from '#contracts/pages/page-data';
import { RenderedPageProvider } from '../../app/lib/rendered-page';
import { routes, type RouteHandle } from '../../app/routes';

const handler = createStaticHandler(routes);

/** The route modules a page is made of, as the client build's manifest names them. */
export function routeModules(pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as RouteHandle | undefined;
    return handle ? [handle.source] : [];
  });
}

/**
 * The HTML of the app for one request, to go inside `<div id="root">`, as the browser will
 * hydrate it: the same route table, the same data (docs/decisions/0034). React's `prerender`
 * resolves once every part has rendered (the landing page's lazy sections included) and, with no
 * progressive chunk size, writes them all in document order: a part sent out of order is swapped
 * in later by an inline script, which the CSP forbids and readers without JavaScript never run.
 */
export async function renderApp(request: Request, page: RenderedPage): Promise<ReadableStream<Uint8Array>> {
  const context = await handler.query(request);
  // Only the redirect route has a loader, and the Worker answers redirects before rendering.
  if (context instanceof Response) throw new Error(`The route table answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let renderError: unknown;
  const { prelude } = await prerender(
    <StrictMode>
      <RenderedPageProvider page={page}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </RenderedPageProvider>
    </StrictMode>,
    // A large finished part would otherwise still be sent out of order (behind an inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void (renderError ??= error) },
  );
  if (renderError) throw renderError;
  return prelude;
}
