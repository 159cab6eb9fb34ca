import { useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { matchPage, NOT_FOUND_META } from '#contracts/pages/page-meta';
import { NotificationsProvider } from './Notifications';
import { SkipLink } from './SkipLink';
import { FullScreenLoader } from './Spinner';

/** How long a navigation may take before the full-screen loader shows (avoids a flash). */
const LOADER_DELAY_MS = 200;

function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return shown;
}

/**
 * Keeps the tab's title in step with the page, as the Worker set it on first load. A layout
 * effect runs before every page's own effects, so a page that names itself from its data (an
 * article, a shared result) has the last word, even when it has that data at once, as a page
 * the Worker rendered does (docs/decisions/0034).
 */
function useDocumentTitle() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = (matchPage(pathname) ?? NOT_FOUND_META).title;
  }, [pathname]);
}

export function RootLayout() {
  const navigation = useNavigation();
  const loading = useDelayedFlag(navigation.state === 'loading', LOADER_DELAY_MS);
  useDocumentTitle();
  return (
    <NotificationsProvider>
      <SkipLink />
      {/* New pages start at the top; back and forward restore where the visitor was. */}
      <ScrollRestoration />
      {loading && <FullScreenLoader />}
      <Outlet />
    </NotificationsProvider>
  );
}
