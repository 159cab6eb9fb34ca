import { Link, Outlet } from 'react-router';

/** The frame of the signed-in area; a chunk of its own that public pages never download. */
export function Component() {
  return (
    <div className="app-area">
      <header className="page">
        <Link to="/dashboard">Launchmate</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
