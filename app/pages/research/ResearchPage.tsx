import { Link } from 'react-router';

export function Component() {
  return (
    <>
      <header className="research-header">
        <Link to="/">Launchmate</Link>
      </header>
      <section className="page">
        <h1>Research page</h1>
        <p>Research page not found</p>
      </section>
    </>
  );
}
