import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import './MarketingLayout.css';

/** Top bar, page, footer: the frame of every public marketing, blog, legal and tool page. */
export function Component() {
  return (
    <div className="marketing-layout">
      <TopBar />
      <main id="main" className="marketing-layout__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
