import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { isSignedIn } from '../lib/session-status';
import { FreeToolsSidebar } from './FreeToolsSidebar';
import './FreeToolsLayout.css';

/** Whether someone is signed in: null while unknown. GET /auth/session never answers 401. */
function useSignedIn(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void isSignedIn().then((answer) => current && setSignedIn(answer));
    return () => {
      current = false;
    };
  }, []);
  return signedIn;
}

/** The free tools and their shared results: the sidebar for signed-out visitors beside the page. */
export function Component() {
  // Most visitors of the tools are signed out: the sidebar shows until the answer says otherwise.
  const signedIn = useSignedIn();
  return (
    <div className="tools-layout">
      {signedIn !== true && <FreeToolsSidebar />}
      <div className="tools-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
