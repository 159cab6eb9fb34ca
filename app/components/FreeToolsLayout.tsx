import { Outlet } from 'react-router';
import { useSessionUser } from '../lib/session-user';
import { FreeToolsSidebar } from './FreeToolsSidebar';
import './FreeToolsLayout.css';

/** The free tools and their shared results: the sidebar for signed-out visitors beside the page. */
export function Component() {
  // Most visitors of the tools are signed out: the sidebar shows until the answer says otherwise.
  const signedIn = Boolean(useSessionUser());
  return (
    <div className="tools-layout">
      {!signedIn && <FreeToolsSidebar />}
      <div className="tools-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
