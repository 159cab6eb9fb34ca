import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** Top bar, page, footer: the frame of every public marketing, blog, legal and tool page. */
export function Component() {
  return (
    <>
      <TopBar />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
